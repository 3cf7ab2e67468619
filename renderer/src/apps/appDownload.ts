// AP16: `ui/download-file`. Only embedded contents (text or a base64 blob) are saved, after the user confirms,
// within a size bound, under a file name made safe: a View names files as it likes (a path, a control or
// bidi character, a reserved name), and the name is all the user sees before saving.

/** AP16: the most one download may hold. */
export const MAX_DOWNLOAD_BYTES = 16 * 1024 * 1024;

export interface DownloadAsk {
  name: string;
  mimeType: string;
  bytes: number;
  data: Blob;
}

/** A name a file system takes: the last path segment, no controls, bidi marks, reserved characters or leading dots. */
export function safeFileName(uri: unknown): string {
  const raw = typeof uri === "string" ? uri : "";
  let last = raw.split(/[/\\]/).pop() ?? "";
  try {
    last = decodeURIComponent(last);
  } catch {
    // Kept as sent.
  }
  const cleaned = last
    .replace(/[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, "")
    .replace(/[<>:"/\\|?*]/g, "_")
    .replace(/^[.\s]+/, "")
    .replace(/[.\s]+$/, "")
    .slice(0, 120);
  return /^(con|prn|aux|nul|com\d|lpt\d)(\.|$)/i.test(cleaned) || cleaned === "" ? `download${cleaned ? `-${cleaned}` : ""}`.slice(0, 120) : cleaned;
}

/** The one file of a `ui/download-file`, or why it is refused (in words the View gets with -32000). */
export function downloadOf(params: unknown): DownloadAsk | string {
  const contents = (params as { contents?: unknown } | null)?.contents;
  if (!Array.isArray(contents) || contents.length === 0) return "ui/download-file names no contents";
  if (contents.length > 1) return "the inspector saves one file per ui/download-file";
  const item = contents[0] as { type?: unknown; resource?: { uri?: unknown; mimeType?: unknown; text?: unknown; blob?: unknown } };
  if (item?.type !== "resource" || !item.resource) return "only embedded contents (a resource with text or blob) are saved; a resource_link is not fetched";
  const { uri, mimeType, text, blob } = item.resource;
  const type = typeof mimeType === "string" && /^[\w.+-]+\/[\w.+-]+$/.test(mimeType) ? mimeType : "application/octet-stream";
  let data: Blob;
  if (typeof text === "string") {
    if (text.length > MAX_DOWNLOAD_BYTES) return `the file is over the ${MAX_DOWNLOAD_BYTES / 1024 / 1024} MB the inspector saves`;
    data = new Blob([text], { type });
  } else if (typeof blob === "string") {
    if ((blob.length * 3) / 4 > MAX_DOWNLOAD_BYTES) return `the file is over the ${MAX_DOWNLOAD_BYTES / 1024 / 1024} MB the inspector saves`;
    let binary: string;
    try {
      binary = atob(blob.replace(/\s+/g, ""));
    } catch {
      return "the blob is not base64";
    }
    const bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
    data = new Blob([bytes], { type });
  } else return "the resource has neither text nor blob";
  if (data.size > MAX_DOWNLOAD_BYTES) return `the file is over the ${MAX_DOWNLOAD_BYTES / 1024 / 1024} MB the inspector saves`;
  return { name: safeFileName(uri), mimeType: type, bytes: data.size, data };
}

/** Saves `ask` through the browser's own download (the page's, never the View's). */
export function saveDownload(ask: DownloadAsk): void {
  const url = URL.createObjectURL(ask.data);
  const link = document.createElement("a");
  link.href = url;
  link.download = ask.name;
  link.rel = "noopener";
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
