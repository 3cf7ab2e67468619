// The built renderer, served as files from one folder and nothing outside it.
import { readFile, stat } from "node:fs/promises";
import { extname, resolve, sep } from "node:path";

const CONTENT_TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".map": "application/json; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".gif": "image/gif",
  ".webp": "image/webp",
  ".ico": "image/x-icon",
  ".woff": "font/woff",
  ".woff2": "font/woff2",
  ".ttf": "font/ttf",
  ".txt": "text/plain; charset=utf-8",
};

export function contentTypeFor(path: string): string {
  return CONTENT_TYPES[extname(path).toLowerCase()] ?? "application/octet-stream";
}

/** The file a URL path names inside `root`, or undefined when it names nothing there (or tries to leave). */
export async function readStaticFile(root: string, pathname: string): Promise<{ body: Buffer; contentType: string } | undefined> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return undefined;
  }
  if (decoded.includes("\0")) return undefined;
  const base = resolve(root);
  const file = resolve(base, `.${decoded === "/" ? "/index.html" : decoded}`);
  if (!file.startsWith(base + sep)) return undefined;
  try {
    if (!(await stat(file)).isFile()) return undefined;
    return { body: await readFile(file), contentType: contentTypeFor(file) };
  } catch {
    return undefined;
  }
}
