// SEP-2640 "Verification on Read": the bytes a resources/read returned for a skill file, checked against the
// manifest entry: size first (a different length is a failure whether or not the digest is computed), then
// the SHA-256 digest. Content that fails is never handed on: the error names the file and what differed.
import { createHash } from "node:crypto";
import type { SkillResource } from "../../../shared/skills.js";

export class SkillVerificationError extends Error {
  override name = "SkillVerificationError";
  constructor(
    readonly fileUri: string,
    message: string,
  ) {
    super(`${fileUri.slice(0, 500)}: ${message}`);
  }
}

export interface ReadBytes {
  bytes: Buffer;
  /** The content as the server sent it. */
  text?: string;
  blob?: string;
  mimeType?: string;
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** The raw bytes of `uri` in a resources/read result: its text as UTF-8, or its blob decoded. */
export function bytesOfRead(uri: string, result: Record<string, unknown>): ReadBytes {
  const contents = Array.isArray(result.contents) ? result.contents : [];
  const items = contents.filter((c): c is Record<string, unknown> => c !== null && typeof c === "object" && !Array.isArray(c));
  const item = items.find((c) => c.uri === uri) ?? (items.length === 1 ? items[0] : undefined);
  if (!item) throw new SkillVerificationError(uri, "the read returned no content for this URI");
  const mimeType = typeof item.mimeType === "string" ? item.mimeType.slice(0, 200) : undefined;
  if (typeof item.text === "string") return { bytes: Buffer.from(item.text, "utf8"), text: item.text, ...(mimeType ? { mimeType } : {}) };
  if (typeof item.blob === "string") {
    if (item.blob.length % 4 !== 0 || !BASE64.test(item.blob)) throw new SkillVerificationError(uri, "the read's blob is not valid base64");
    return { bytes: Buffer.from(item.blob, "base64"), blob: item.blob, ...(mimeType ? { mimeType } : {}) };
  }
  throw new SkillVerificationError(uri, "the read returned neither text nor blob");
}

export function sha256Of(bytes: Buffer): string {
  return `sha256:${createHash("sha256").update(bytes).digest("hex")}`;
}

/** Throws SkillVerificationError when the bytes are not what the manifest entry describes. */
export function verifyBytes(entry: SkillResource, bytes: Buffer): void {
  if (bytes.length !== entry.size) throw new SkillVerificationError(entry.uri, `size mismatch: the manifest says ${entry.size} bytes, the server sent ${bytes.length}`);
  const digest = sha256Of(bytes);
  if (digest !== entry.digest) throw new SkillVerificationError(entry.uri, `digest mismatch: the manifest says ${entry.digest}, the content hashes to ${digest}`);
}
