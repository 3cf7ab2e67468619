// Facts about server-sent content that the previews need, computed without decoding it: a 50 MB base64
// string is measured by its length, and only decoded when the user asks to download it.

/** Raster images a data: URL may show (CSP img-src data:). Not SVG: it is a document, not a picture. */
const IMAGE_TYPES = /^image\/(png|jpeg|gif|webp|avif|bmp)$/i;
/** Audio an <audio> element may play from a data: URL (CSP media-src data:). */
const AUDIO_TYPES = /^audio\/[a-z0-9.+-]{1,60}$/i;
/** Past this much base64, an image or a sound is not put into the page (size and Download instead). */
export const INLINE_BASE64_LIMIT = 8 * 1024 * 1024;
/** Past this much text, JSON is not parsed to be pretty-printed (it is shown as the text it is). */
export const PRETTY_JSON_LIMIT = 1024 * 1024;

export function isShowableImage(mimeType: unknown): mimeType is string {
  return typeof mimeType === "string" && IMAGE_TYPES.test(mimeType);
}

export function isPlayableAudio(mimeType: unknown): mimeType is string {
  return typeof mimeType === "string" && AUDIO_TYPES.test(mimeType);
}

/** The decoded size of base64 text, from its length and padding alone. */
export function base64Bytes(data: string): number {
  const trimmed = data.length > 0 && data.at(-1) === "\n" ? data.trimEnd() : data;
  const padding = trimmed.endsWith("==") ? 2 : trimmed.endsWith("=") ? 1 : 0;
  return Math.max(0, Math.floor((trimmed.length * 3) / 4) - padding);
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB, ${bytes} bytes`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB, ${bytes} bytes`;
}

/** The text pretty-printed when it is JSON (by its mime type, or by how it starts); undefined otherwise. */
export function prettyJson(text: string, mimeType: unknown): string | undefined {
  if (text.length > PRETTY_JSON_LIMIT) return undefined;
  const declared = typeof mimeType === "string" && /^application\/([a-z0-9.-]+\+)?json(;.*)?$/i.test(mimeType);
  const looks = /^\s*[[{]/.test(text);
  if (!declared && !looks) return undefined;
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return undefined;
  }
}

/** A file name for a download: the URI's last path segment, only safe characters, never empty. */
export function downloadName(uri: unknown, fallback = "resource"): string {
  let last = "";
  if (typeof uri === "string") {
    const path = uri.split(/[?#]/)[0] ?? "";
    last = path.split("/").filter(Boolean).at(-1) ?? "";
    try {
      last = decodeURIComponent(last);
    } catch {
      // A malformed escape: the raw segment is still a usable name once cleaned.
    }
  }
  const clean = last.replace(/[^A-Za-z0-9._-]+/g, "_").replace(/^\.+/, "").slice(0, 100);
  return clean || fallback;
}

/** Decodes base64 into bytes; throws on text that is not base64. */
export function decodeBase64(data: string): Uint8Array<ArrayBuffer> {
  const binary = atob(data.replace(/\s+/g, ""));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/**
 * Saves base64 content as a file: a Blob and an object URL on an <a download>, which browsers save, and
 * which the Electron window allows for its own blob: URLs only (main/electron/window.ts, will-download).
 */
export function downloadBase64(data: string, mimeType: unknown, name: string, doc: Document = document): void {
  const type = typeof mimeType === "string" && /^[a-z0-9.+-]+\/[a-z0-9.+-]+$/i.test(mimeType) ? mimeType : "application/octet-stream";
  saveBlob(new Blob([decodeBase64(data)], { type }), name, doc);
}

/** Saves a Blob as the file `name` (a recording, a resource's bytes) the same way. */
export function saveBlob(blob: Blob, name: string, doc: Document = document): void {
  const url = URL.createObjectURL(blob);
  const a = doc.createElement("a");
  a.href = url;
  a.download = name;
  a.rel = "noopener";
  doc.body.appendChild(a);
  a.click();
  a.remove();
  // Revoked a while later, not at once: a save dialog (Electron) reads the URL after the click returns.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
