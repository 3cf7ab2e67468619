// SEP-2640 on one session: skills/list and skills/get (entries kept as the "held entry" each later read is
// checked against), loading a skill (its SKILL.md read and verified: size, digest, frontmatter), reading its
// files (only those its manifest lists, each verified), verifying a whole skill, and resources/directory/read
// where the server declared `directoryRead`. Lazy retrieval: nothing is read until a caller asks for it.
import { ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";
import {
  DIRECTORY_MIME_TYPE,
  MAX_DIRECTORY_ENTRIES,
  MAX_SKILL_TOTAL_BYTES,
  MAX_SKILL_URI_LENGTH,
  MAX_SKILLS_PER_PAGE,
  skillsDeclared,
  SKILLS_EXTENSION,
  type DirectoryPage,
  type FileCheck,
  type LoadedSkill,
  type SkillFile,
  type SkillView,
  type SkillVerifyReport,
} from "../../../shared/skills.js";
import type { Session } from "../session.js";
import { readSkillEntry } from "./entry.js";
import { frontmatterDifferences, parseFrontmatter } from "./frontmatter.js";
import { bytesOfRead, SkillVerificationError, verifyBytes } from "./verify.js";

/** Entries held per session (the newest win); a listing may be arbitrarily large. */
const MAX_HELD = 10_000;

const bySession = new WeakMap<Session, Skills>();

/** The Skills side of a session, made on first use. */
export function skillsOf(session: Session): Skills {
  let skills = bySession.get(session);
  if (!skills) bySession.set(session, (skills = new Skills(session)));
  return skills;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export class Skills {
  /** uri → the entry last listed or got: what loads and reads are checked against. */
  private readonly held = new Map<string, SkillView>();
  /** Bytes read so far from each "dynamic" skill: the 16 MiB limit applies to what is actually retrieved. */
  private readonly dynamicBytes = new Map<string, number>();

  constructor(private readonly session: Session) {}

  private declaration(): { directoryRead: boolean } {
    const declared = skillsDeclared(this.session.state.serverCapabilities);
    if (!declared) throw new Error(`${this.session.config.name} does not declare the Skills extension (${SKILLS_EXTENSION}), so skills/list and skills/get are not called`);
    return declared;
  }

  private hold(skill: SkillView): void {
    this.held.delete(skill.uri);
    this.held.set(skill.uri, skill);
    if (this.held.size > MAX_HELD) this.held.delete(this.held.keys().next().value!);
  }

  async list(cursor?: string): Promise<{ skills: SkillView[]; nextCursor?: string; notKept?: number }> {
    this.declaration();
    const result = await this.session.extensionRequest("skills/list", cursor ? { cursor } : {});
    if (!Array.isArray(result.skills)) throw new Error("skills/list answered without a skills list");
    const raw = result.skills;
    const skills = raw.slice(0, MAX_SKILLS_PER_PAGE).flatMap((entry) => readSkillEntry(entry) ?? []);
    for (const skill of skills) this.hold(skill);
    const nextCursor = typeof result.nextCursor === "string" && result.nextCursor.length <= 10_000 ? result.nextCursor : undefined;
    return { skills, ...(nextCursor ? { nextCursor } : {}), ...(raw.length > MAX_SKILLS_PER_PAGE ? { notKept: raw.length - MAX_SKILLS_PER_PAGE } : {}) };
  }

  /** skills/get: a skill by the URI of its SKILL.md, listed or not; the fresh entry replaces the held one. */
  async get(uri: string): Promise<SkillView> {
    this.declaration();
    const result = await this.session.extensionRequest("skills/get", { uri });
    const skill = readSkillEntry(result.skill);
    if (!skill) throw new Error(`skills/get for ${uri.slice(0, 500)} returned no skill entry`);
    if (skill.uri !== uri) throw new Error(`skills/get for ${uri.slice(0, 500)} returned the entry of ${skill.uri.slice(0, 500)}`);
    this.hold(skill);
    return skill;
  }

  /** The held entry for `uri`, or a fresh one from skills/get (a skill need not be listed to be loaded). */
  async entry(uri: string): Promise<SkillView> {
    return this.held.get(uri) ?? this.get(uri);
  }

  /**
   * Load a skill: read its SKILL.md and check it against the entry (size and digest when the manifest is a
   * list; the frontmatter field by field either way). A failure throws SkillVerificationError naming the file.
   */
  async load(uri: string): Promise<LoadedSkill> {
    const skill = await this.entry(uri);
    refuseUnloadable(skill);
    const file = await this.readChecked(skill, uri);
    // A SKILL.md sent as a blob is markdown all the same (readChecked gave its text when it is UTF-8).
    const parsed = parseFrontmatter(file.text ?? "");
    if ("problem" in parsed) throw new SkillVerificationError(uri, parsed.problem);
    const differing = frontmatterDifferences(parsed.frontmatter, skill.frontmatter);
    if (differing.length > 0) throw new SkillVerificationError(uri, `frontmatter differs from the entry's in ${differing.slice(0, 10).join(", ")}: the skill is not loaded`);
    return { skill, file };
  }

  /** A file of a skill, through the skill-loading path: only a file the held manifest lists, verified. */
  async readFile(skillUri: string, uri: string): Promise<SkillFile> {
    if (uri === skillUri) return (await this.load(skillUri)).file;
    const skill = await this.entry(skillUri);
    refuseUnloadable(skill);
    return this.readChecked(skill, uri);
  }

  /** Every file of a skill, SKILL.md first; after the first failure nothing more is read (the skill is not loaded). */
  async verify(uri: string): Promise<SkillVerifyReport> {
    const skill = await this.entry(uri);
    if (!skill.loadable) return { uri, status: "failed", files: [{ uri, status: "failed", message: `not loadable: ${skill.problems.join("; ").slice(0, 1500)}` }] };
    if (skill.resources === "dynamic" || skill.resources === null) {
      return { uri, status: "not verifiable", files: [{ uri, status: "not verifiable", message: 'resources is "dynamic": the server publishes no digests' }] };
    }
    const order = [uri, ...skill.resources.map((r) => r.uri).filter((u) => u !== uri)];
    const files: FileCheck[] = [];
    let failed = false;
    for (const fileUri of order) {
      if (failed) {
        files.push({ uri: fileUri, status: "not read", message: "not read: the skill failed verification" });
        continue;
      }
      try {
        await this.readFile(uri, fileUri);
        files.push({ uri: fileUri, status: "verified" });
      } catch (error) {
        failed = true;
        files.push({ uri: fileUri, status: "failed", message: messageOf(error).slice(0, 2000) });
      }
    }
    return { uri, status: failed ? "failed" : "verified", files };
  }

  /** resources/directory/read, one page; only where the server declared `directoryRead: true`. */
  async readDirectory(uri: string, cursor?: string): Promise<DirectoryPage> {
    if (!this.declaration().directoryRead) {
      throw new Error(`${this.session.config.name} does not declare directoryRead, so resources/directory/read is not called`);
    }
    const result = await this.session.extensionRequest("resources/directory/read", { uri, ...(cursor ? { cursor } : {}) });
    if (!Array.isArray(result.resources)) throw new Error("resources/directory/read answered without a resources list");
    const raw = result.resources;
    const resources = raw.slice(0, MAX_DIRECTORY_ENTRIES).flatMap((item) => {
      if (!isRecord(item) || typeof item.uri !== "string" || item.uri.length === 0 || item.uri.length > MAX_SKILL_URI_LENGTH) return [];
      const mimeType = typeof item.mimeType === "string" ? item.mimeType.slice(0, 200) : undefined;
      const name = typeof item.name === "string" ? item.name.slice(0, 300) : (item.uri.split("/").at(-1) ?? "").slice(0, 300);
      return [{ uri: item.uri, name, ...(mimeType ? { mimeType } : {}), directory: mimeType === DIRECTORY_MIME_TYPE }];
    });
    const nextCursor = typeof result.nextCursor === "string" && result.nextCursor.length <= 10_000 ? result.nextCursor : undefined;
    return { uri, resources, ...(nextCursor ? { nextCursor } : {}), ...(raw.length > MAX_DIRECTORY_ENTRIES ? { notKept: raw.length - MAX_DIRECTORY_ENTRIES } : {}) };
  }

  /** Read `uri` and check it against `skill`'s manifest; for a "dynamic" skill, only the size limit applies. */
  private async readChecked(skill: SkillView, uri: string): Promise<SkillFile> {
    const manifest = skill.resources;
    const listed = Array.isArray(manifest) ? manifest.find((r) => r.uri === uri) : undefined;
    // The acting window: an unlisted file is a change to the skill, a failure like a digest mismatch.
    if (Array.isArray(manifest) && !listed) throw new SkillVerificationError(uri, `not listed in the manifest of ${skill.uri.slice(0, 500)}: refresh the skill (skills/get)`);
    const retrieved = listed ? 0 : (this.dynamicBytes.get(skill.uri) ?? 0);
    if (retrieved >= MAX_SKILL_TOTAL_BYTES) throw new SkillVerificationError(uri, `${retrieved} bytes were read from this dynamic skill already, the ${MAX_SKILL_TOTAL_BYTES}-byte limit: not read`);
    if (listed && listed.size > MAX_SKILL_TOTAL_BYTES) throw new SkillVerificationError(uri, `${listed.size} bytes is over the ${MAX_SKILL_TOTAL_BYTES}-byte limit: not read`);
    let result: Record<string, unknown>;
    try {
      result = await this.session.readResource(uri);
    } catch (error) {
      if (error instanceof McpError && error.code === ErrorCode.InvalidParams) throw new SkillVerificationError(uri, `the server does not serve it (${error.message})`);
      throw error;
    }
    const read = bytesOfRead(uri, result);
    if (listed) verifyBytes(listed, read.bytes);
    else {
      if (this.dynamicBytes.size >= MAX_HELD && !this.dynamicBytes.has(skill.uri)) this.dynamicBytes.delete(this.dynamicBytes.keys().next().value!);
      this.dynamicBytes.set(skill.uri, retrieved + read.bytes.length);
      if (retrieved + read.bytes.length > MAX_SKILL_TOTAL_BYTES) throw new SkillVerificationError(uri, `${read.bytes.length} bytes would take this dynamic skill over the ${MAX_SKILL_TOTAL_BYTES}-byte limit: not used`);
    }
    return {
      uri,
      skillUri: skill.uri,
      verification: listed ? "verified" : "not verifiable",
      size: read.bytes.length,
      ...(read.mimeType ? { mimeType: read.mimeType } : {}),
      ...(read.text !== undefined ? { text: read.text } : { blob: read.blob ?? "", ...textOfBlob(uri, read.mimeType, read.bytes) }),
    };
  }
}

/** A blob that is text (a text/* type, or a SKILL.md) in valid UTF-8 is shown as text too. */
function textOfBlob(uri: string, mimeType: string | undefined, bytes: Buffer): { text?: string } {
  if (!uri.endsWith("/SKILL.md") && !mimeType?.startsWith("text/")) return {};
  try {
    return { text: new TextDecoder("utf-8", { fatal: true }).decode(bytes) };
  } catch {
    return {};
  }
}

function refuseUnloadable(skill: SkillView): void {
  if (!skill.loadable) throw new SkillVerificationError(skill.uri, `the entry must not be loaded: ${skill.problems.join("; ").slice(0, 1500)}`);
}
