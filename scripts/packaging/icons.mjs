// Icon pipeline in plain Node (zlib only): decode the one source PNG, resample it to every size the
// installers want, and wrap those in the Windows .ico and macOS .icns containers. No image package:
// the formats involved are small and fixed, and this keeps `npm ci` free of native image libraries.
import { deflateSync, inflateSync } from "node:zlib";

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Sizes electron-builder looks for in build/icons (Linux: AppImage, deb) as NxN.png. */
export const LINUX_SIZES = [16, 24, 32, 48, 64, 128, 256, 512, 1024];
/** Windows .ico entries; 256 is the largest the format holds and what the NSIS installer needs. */
export const ICO_SIZES = [16, 24, 32, 48, 64, 128, 256];
/** macOS .icns entries: OSType -> pixel size (the @2x types hold the doubled bitmap). */
export const ICNS_TYPES = [
  ["icp4", 16],
  ["icp5", 32],
  ["ic11", 32],
  ["ic12", 64],
  ["ic07", 128],
  ["ic13", 256],
  ["ic08", 256],
  ["ic14", 512],
  ["ic09", 512],
  ["ic10", 1024],
];

/** @typedef {{ width: number, height: number, data: Uint8Array }} Rgba  8-bit RGBA, straight alpha, row-major */

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32(buf) {
  let c = 0xffffffff;
  for (const byte of buf) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, "latin1");
  data.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

/** @param {Rgba} image */
export function encodePng(image) {
  const { width, height, data } = image;
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 6; // RGBA
  // Filter "Sub" on every row: good enough compression for flat artwork, and simple.
  const stride = width * 4;
  const raw = Buffer.alloc((stride + 1) * height);
  for (let y = 0; y < height; y++) {
    const rowStart = y * (stride + 1);
    raw[rowStart] = 1;
    for (let x = 0; x < stride; x++) {
      const left = x >= 4 ? data[y * stride + x - 4] : 0;
      raw[rowStart + 1 + x] = (data[y * stride + x] - left) & 0xff;
    }
  }
  return Buffer.concat([
    PNG_SIGNATURE,
    chunk("IHDR", ihdr),
    chunk("IDAT", deflateSync(raw, { level: 9 })),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

function paeth(a, b, c) {
  const p = a + b - c;
  const pa = Math.abs(p - a);
  const pb = Math.abs(p - b);
  const pc = Math.abs(p - c);
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

/**
 * Decodes the PNGs this pipeline deals with: 8-bit RGB or RGBA, not interlaced (what image editors
 * export by default). Anything else is refused with a message saying what to re-export.
 * @returns {Rgba}
 */
export function decodePng(buf) {
  if (!Buffer.isBuffer(buf) || buf.length < 8 || !buf.subarray(0, 8).equals(PNG_SIGNATURE)) {
    throw new Error("not a PNG file");
  }
  let offset = 8;
  let header = null;
  const idat = [];
  while (offset < buf.length) {
    const length = buf.readUInt32BE(offset);
    const type = buf.toString("latin1", offset + 4, offset + 8);
    const data = buf.subarray(offset + 8, offset + 8 + length);
    if (crc32(buf.subarray(offset + 4, offset + 8 + length)) !== buf.readUInt32BE(offset + 8 + length)) {
      throw new Error(`PNG chunk ${type} has a bad CRC`);
    }
    if (type === "IHDR") {
      header = {
        width: data.readUInt32BE(0),
        height: data.readUInt32BE(4),
        depth: data[8],
        colorType: data[9],
        interlace: data[12],
      };
    } else if (type === "IDAT") {
      idat.push(data);
    } else if (type === "IEND") {
      break;
    }
    offset += 12 + length;
  }
  if (!header) throw new Error("PNG has no IHDR chunk");
  const { width, height, depth, colorType, interlace } = header;
  if (depth !== 8 || (colorType !== 6 && colorType !== 2) || interlace !== 0) {
    throw new Error(
      `unsupported PNG (bit depth ${depth}, color type ${colorType}, interlace ${interlace}): ` +
        "export the icon as 8-bit RGBA, non-interlaced",
    );
  }
  const channels = colorType === 6 ? 4 : 3;
  const stride = width * channels;
  const raw = inflateSync(Buffer.concat(idat));
  if (raw.length < (stride + 1) * height) throw new Error("PNG image data is truncated");
  const pixels = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    const line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    const out = y * stride;
    for (let x = 0; x < stride; x++) {
      const a = x >= channels ? pixels[out + x - channels] : 0;
      const b = y > 0 ? pixels[out - stride + x] : 0;
      const c = x >= channels && y > 0 ? pixels[out - stride + x - channels] : 0;
      const predictor =
        filter === 0 ? 0 : filter === 1 ? a : filter === 2 ? b : filter === 3 ? (a + b) >> 1 : filter === 4 ? paeth(a, b, c) : -1;
      if (predictor < 0) throw new Error(`PNG row ${y} has unknown filter ${filter}`);
      pixels[out + x] = (line[x] + predictor) & 0xff;
    }
  }
  if (channels === 4) return { width, height, data: new Uint8Array(pixels) };
  const data = new Uint8Array(width * height * 4);
  for (let i = 0, j = 0; i < pixels.length; i += 3, j += 4) {
    data[j] = pixels[i];
    data[j + 1] = pixels[i + 1];
    data[j + 2] = pixels[i + 2];
    data[j + 3] = 255;
  }
  return { width, height, data };
}

/** Per output pixel along one axis: the source pixels it covers and by how much (box filter). */
function boxWeights(srcSize, dstSize) {
  const scale = srcSize / dstSize;
  const result = [];
  for (let d = 0; d < dstSize; d++) {
    const start = d * scale;
    const end = start + scale;
    const taps = [];
    for (let s = Math.floor(start); s < Math.min(Math.ceil(end), srcSize); s++) {
      const w = Math.min(end, s + 1) - Math.max(start, s);
      if (w > 0) taps.push([s, w / scale]);
    }
    result.push(taps);
  }
  return result;
}

/**
 * Area-average downscale with premultiplied alpha (no dark fringes at transparent edges). Pure
 * floating-point arithmetic, so every machine produces the same pixels.
 * @param {Rgba} src
 * @returns {Rgba}
 */
export function resize(src, size) {
  if (size > src.width || size > src.height) {
    throw new Error(`source image is ${src.width}x${src.height}; need at least ${size}x${size}`);
  }
  const xs = boxWeights(src.width, size);
  const ys = boxWeights(src.height, size);
  const out = new Uint8Array(size * size * 4);
  const acc = new Float64Array(4);
  for (let dy = 0; dy < size; dy++) {
    for (let dx = 0; dx < size; dx++) {
      acc.fill(0);
      for (const [sy, wy] of ys[dy]) {
        for (const [sx, wx] of xs[dx]) {
          const i = (sy * src.width + sx) * 4;
          const w = wx * wy;
          const alpha = src.data[i + 3] * w;
          acc[0] += src.data[i] * alpha;
          acc[1] += src.data[i + 1] * alpha;
          acc[2] += src.data[i + 2] * alpha;
          acc[3] += alpha;
        }
      }
      const o = (dy * size + dx) * 4;
      if (acc[3] > 0) {
        out[o] = Math.round(acc[0] / acc[3]);
        out[o + 1] = Math.round(acc[1] / acc[3]);
        out[o + 2] = Math.round(acc[2] / acc[3]);
      }
      out[o + 3] = Math.round(acc[3]);
    }
  }
  return { width: size, height: size, data: out };
}

/** Windows icon: an ICONDIR followed by PNG-compressed entries (supported since Windows Vista). */
export function buildIco(pngsBySize) {
  const entries = [...pngsBySize].sort(([a], [b]) => a - b);
  const header = Buffer.alloc(6 + 16 * entries.length);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2); // type: icon
  header.writeUInt16LE(entries.length, 4);
  let offset = header.length;
  entries.forEach(([size, png], i) => {
    const e = 6 + 16 * i;
    header[e] = size >= 256 ? 0 : size; // 0 means 256
    header[e + 1] = size >= 256 ? 0 : size;
    header.writeUInt16LE(1, e + 4); // colour planes
    header.writeUInt16LE(32, e + 6); // bits per pixel
    header.writeUInt32LE(png.length, e + 8);
    header.writeUInt32LE(offset, e + 12);
    offset += png.length;
  });
  return Buffer.concat([header, ...entries.map(([, png]) => png)]);
}

/** @returns {Array<{ size: number, png: Buffer }>} */
export function parseIco(buf) {
  if (buf.length < 6 || buf.readUInt16LE(0) !== 0 || buf.readUInt16LE(2) !== 1) throw new Error("not an .ico file");
  const count = buf.readUInt16LE(4);
  const entries = [];
  for (let i = 0; i < count; i++) {
    const e = 6 + 16 * i;
    const size = buf[e] === 0 ? 256 : buf[e];
    const length = buf.readUInt32LE(e + 8);
    const offset = buf.readUInt32LE(e + 12);
    if (offset + length > buf.length) throw new Error(`.ico entry ${i} runs past the end of the file`);
    entries.push({ size, png: buf.subarray(offset, offset + length) });
  }
  return entries;
}

/** macOS icon: "icns" + total length, then (OSType, length incl. 8-byte header, PNG) per entry. */
export function buildIcns(pngsByType) {
  const parts = [...pngsByType].map(([type, png]) => {
    const head = Buffer.alloc(8);
    head.write(type, 0, "latin1");
    head.writeUInt32BE(png.length + 8, 4);
    return Buffer.concat([head, png]);
  });
  const body = Buffer.concat(parts);
  const head = Buffer.alloc(8);
  head.write("icns", 0, "latin1");
  head.writeUInt32BE(body.length + 8, 4);
  return Buffer.concat([head, body]);
}

/** @returns {Array<{ type: string, png: Buffer }>} */
export function parseIcns(buf) {
  if (buf.length < 8 || buf.toString("latin1", 0, 4) !== "icns") throw new Error("not an .icns file");
  if (buf.readUInt32BE(4) !== buf.length) throw new Error(".icns length field does not match the file size");
  const entries = [];
  let offset = 8;
  while (offset < buf.length) {
    const type = buf.toString("latin1", offset, offset + 4);
    const length = buf.readUInt32BE(offset + 4);
    if (length < 8 || offset + length > buf.length) throw new Error(`.icns entry ${type} has a bad length`);
    entries.push({ type, png: buf.subarray(offset + 8, offset + length) });
    offset += length;
  }
  return entries;
}

/**
 * Every icon file the installers use, derived from the one source PNG.
 * @returns {Map<string, Buffer>} path relative to build/ -> file contents
 */
export function renderIconSet(sourcePng) {
  const source = decodePng(sourcePng);
  if (source.width !== source.height) throw new Error(`source icon must be square, got ${source.width}x${source.height}`);
  const pngCache = new Map();
  const pngOf = (size) => {
    if (!pngCache.has(size)) pngCache.set(size, encodePng(size === source.width ? source : resize(source, size)));
    return pngCache.get(size);
  };
  const files = new Map();
  for (const size of LINUX_SIZES) files.set(`icons/${size}x${size}.png`, pngOf(size));
  files.set("icon.ico", buildIco(ICO_SIZES.map((size) => [size, pngOf(size)])));
  files.set("icon.icns", buildIcns(ICNS_TYPES.map(([type, size]) => [type, pngOf(size)])));
  return files;
}

/** Whether two PNG files decode to the same size and pixels. */
export function samePixels(pngA, pngB) {
  const a = decodePng(pngA);
  const b = decodePng(pngB);
  return a.width === b.width && a.height === b.height && Buffer.from(a.data).equals(Buffer.from(b.data));
}

/**
 * Whether an icon file on disk shows what the generator would produce now. Compares decoded pixels
 * and container layout, not bytes: zlib builds may compress the same pixels differently.
 */
export function iconFileMatches(relPath, onDisk, expected) {
  try {
    if (relPath.endsWith(".png")) return samePixels(onDisk, expected);
    const parse = relPath.endsWith(".ico") ? parseIco : parseIcns;
    const key = relPath.endsWith(".ico") ? "size" : "type";
    const have = parse(onDisk);
    const want = parse(expected);
    return (
      have.length === want.length &&
      have.every((entry, i) => entry[key] === want[i][key] && samePixels(entry.png, want[i].png))
    );
  } catch {
    return false;
  }
}
