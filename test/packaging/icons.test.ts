// The icon pipeline: PNG codec, resampling, the .ico/.icns containers, and that build/ holds what
// assets/icon.png renders to.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { deflateSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import {
  buildIcns,
  buildIco,
  decodePng,
  encodePng,
  ICNS_TYPES,
  ICO_SIZES,
  iconFileMatches,
  parseIcns,
  parseIco,
  renderIconSet,
  resize,
  type Rgba,
} from "../../scripts/packaging/icons.mjs";

const projectDir = join(import.meta.dirname, "..", "..");

function image(width: number, height: number, pixel: (x: number, y: number) => number[]): Rgba {
  const data = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) data.set(pixel(x, y), (y * width + x) * 4);
  return { width, height, data };
}

describe("PNG", () => {
  it("round-trips pixels", () => {
    const src = image(7, 5, (x, y) => [x * 30, y * 50, (x * y * 13) % 256, (x + y) * 20]);
    const back = decodePng(encodePng(src));
    expect(back.width).toBe(7);
    expect(back.height).toBe(5);
    expect(Buffer.from(back.data)).toEqual(Buffer.from(src.data));
  });

  it("refuses what it cannot read", () => {
    expect(() => decodePng(Buffer.from("GIF89a not a png"))).toThrow(/not a PNG/);
    const png = encodePng(image(2, 2, () => [1, 2, 3, 4]));
    const corrupt = Buffer.from(png);
    corrupt.writeUInt8(corrupt.readUInt8(40) ^ 0xff, 40); // inside IDAT
    expect(() => decodePng(corrupt)).toThrow(/bad CRC/);
    const sixteenBit = Buffer.from(png);
    sixteenBit[24] = 16; // IHDR bit depth
    expect(() => decodePng(sixteenBit)).toThrow();
  });

  it("reads RGB images as opaque", () => {
    // A 1x1 RGB PNG assembled by hand, as another tool would write it.
    const ihdr = Buffer.from([0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0]);
    const png = encodePng(image(1, 1, () => [0, 0, 0, 0]));
    const rebuilt = Buffer.concat([png.subarray(0, 8), chunkOf("IHDR", ihdr), chunkOf("IDAT", deflateSync(Buffer.from([0, 10, 20, 30]))), chunkOf("IEND", Buffer.alloc(0))]);
    expect([...decodePng(rebuilt).data]).toEqual([10, 20, 30, 255]);
  });
});

function chunkOf(type: string, data: Buffer): Buffer {
  // CRC-32 as PNG defines it, written out here so the test builds chunks independently of the encoder.
  let c = 0xffffffff;
  const bytes = Buffer.concat([Buffer.from(type, "latin1"), data]);
  for (const b of bytes) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  }
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  bytes.copy(out, 4);
  out.writeUInt32BE((c ^ 0xffffffff) >>> 0, 8 + data.length);
  return out;
}

describe("resize", () => {
  it("averages areas, including fractional ones", () => {
    const flat = resize(image(10, 10, () => [200, 100, 50, 255]), 3);
    for (let i = 0; i < 9; i++) expect([...flat.data.subarray(i * 4, i * 4 + 4)]).toEqual([200, 100, 50, 255]);
  });

  it("does not darken edges next to transparency (premultiplied alpha)", () => {
    const half = resize(image(2, 1, (x) => (x === 0 ? [255, 0, 0, 255] : [0, 0, 0, 0])), 1);
    expect([...half.data]).toEqual([255, 0, 0, 128]);
  });

  it("refuses to upscale", () => {
    expect(() => resize(image(8, 8, () => [0, 0, 0, 255]), 16)).toThrow(/at least 16x16/);
  });
});

describe("containers", () => {
  const pngs = new Map([16, 32, 256].map((s) => [s, encodePng(image(s, s, () => [s % 256, 0, 0, 255]))]));

  it(".ico lists each size, 256 stored as 0, and holds the PNGs", () => {
    const ico = buildIco(pngs);
    expect(ico.readUInt16LE(4)).toBe(3);
    expect(ico[6 + 16 * 2]).toBe(0);
    expect(parseIco(ico).map((e) => [e.size, decodePng(e.png).width])).toEqual([[16, 16], [32, 32], [256, 256]]);
  });

  it(".icns carries its total length and typed entries", () => {
    const icns = buildIcns([["icp4", pngs.get(16)!], ["ic08", pngs.get(256)!]]);
    expect(icns.toString("latin1", 0, 4)).toBe("icns");
    expect(icns.readUInt32BE(4)).toBe(icns.length);
    expect(parseIcns(icns).map((e) => [e.type, decodePng(e.png).width])).toEqual([["icp4", 16], ["ic08", 256]]);
  });
});

describe("build/ icons", () => {
  it("are what assets/icon.png renders to (run scripts/packaging/make-icons.mjs after changing it)", () => {
    const expected = renderIconSet(readFileSync(join(projectDir, "assets", "icon.png")));
    expect(expected.size).toBe(11);
    for (const [rel, contents] of expected) {
      const onDisk = join(projectDir, "build", rel);
      expect(existsSync(onDisk), rel).toBe(true);
      expect(iconFileMatches(rel, readFileSync(onDisk), contents), rel).toBe(true);
    }
    expect(parseIco(readFileSync(join(projectDir, "build", "icon.ico"))).map((e) => e.size)).toEqual(ICO_SIZES);
    expect(parseIcns(readFileSync(join(projectDir, "build", "icon.icns"))).map((e) => e.type)).toEqual(ICNS_TYPES.map(([t]) => t));
  });

  it("a changed pixel counts as out of date", () => {
    const png = encodePng(image(4, 4, () => [9, 9, 9, 255]));
    const other = encodePng(image(4, 4, (x, y) => (x === 3 && y === 3 ? [9, 9, 10, 255] : [9, 9, 9, 255])));
    expect(iconFileMatches("icons/4x4.png", png, png)).toBe(true);
    expect(iconFileMatches("icons/4x4.png", other, png)).toBe(false);
    expect(iconFileMatches("icon.ico", buildIco([[4, other]]), buildIco([[4, png]]))).toBe(false);
  });
});
