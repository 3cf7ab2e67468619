// `skills [--verify]` and `skill <name|uri> [--file <path>]` (SEP-2640, issue 24): the server's skills,
// listed without reading a file (lazy retrieval); with --verify every file of every skill read and checked
// against its manifest; one skill loaded (its SKILL.md verified) and, with --file, one of its files read.
// Exit 1 when a verification failed (the document says which file and why), 2 for usage or connection.
import type { InspectorCore } from "../core/inspectorCore.js";
import type { SkillView, SkillVerifyReport } from "../../shared/skills.js";

/** A command that ends with a document and an exit code other than 0 (run.ts prints it as a failure). */
export class SkillsCommandError extends Error {
  constructor(
    message: string,
    readonly exitCode: 1 | 2,
    readonly document?: Record<string, unknown>,
  ) {
    super(message);
  }
}

/** The most skills/list pages followed: a server that always answers with a nextCursor must not loop us. */
const MAX_PAGES = 100;

export interface SkillsCommand {
  command: "skills" | "skill";
  target?: string;
  verify: boolean;
  file?: string;
}

export async function runSkillsCommand(core: InspectorCore, sessionId: string, args: SkillsCommand, status: (line: string) => void): Promise<Record<string, unknown>> {
  return args.command === "skills" ? listSkills(core, sessionId, args.verify, status) : oneSkill(core, sessionId, args.target!, args.file, status);
}

async function allSkills(core: InspectorCore, sessionId: string): Promise<SkillView[]> {
  const skills: SkillView[] = [];
  const seen = new Set<string>();
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const result = await core.dispatch("listSkills", { sessionId, ...(cursor ? { cursor } : {}) });
    skills.push(...result.skills);
    cursor = result.nextCursor;
    if (cursor === undefined) return skills;
    if (seen.has(cursor)) throw new SkillsCommandError(`the server returned the skills/list cursor ${JSON.stringify(cursor.slice(0, 100))} twice`, 1);
    seen.add(cursor);
  }
  throw new SkillsCommandError(`the server kept returning a skills/list nextCursor after ${MAX_PAGES} pages`, 1);
}

async function listSkills(core: InspectorCore, sessionId: string, verify: boolean, status: (line: string) => void): Promise<Record<string, unknown>> {
  const skills = await allSkills(core, sessionId);
  if (!verify) return { skills };
  const verified: (SkillView & { verify: SkillVerifyReport })[] = [];
  for (const skill of skills) {
    status(`Verifying ${skill.uri}…`);
    verified.push({ ...skill, verify: await core.dispatch("verifySkill", { sessionId, uri: skill.uri }) });
  }
  const failed = verified.filter((s) => s.verify.status === "failed");
  if (failed.length > 0) {
    const first = failed[0]!.verify.files.find((f) => f.status === "failed");
    throw new SkillsCommandError(`${failed.length} of ${skills.length} skills failed verification: ${first?.message ?? failed[0]!.uri}`, 1, { skills: verified });
  }
  return { skills: verified };
}

async function oneSkill(core: InspectorCore, sessionId: string, target: string, file: string | undefined, status: (line: string) => void): Promise<Record<string, unknown>> {
  const uri = target.includes("://") ? target : await uriOfName(core, sessionId, target);
  let loaded;
  try {
    loaded = await core.dispatch("loadSkill", { sessionId, uri });
  } catch (error) {
    throw asVerificationFailure(error);
  }
  status(`Loaded ${uri} (${loaded.file.verification})`);
  if (file === undefined) return { ...loaded };
  const fileUri = file.includes("://") ? file : `${uri.slice(0, -"SKILL.md".length)}${file.replace(/^\.?\//, "")}`;
  try {
    return { skill: loaded.skill, file: await core.dispatch("readSkillFile", { sessionId, skillUri: uri, uri: fileUri }) };
  } catch (error) {
    throw asVerificationFailure(error, { skill: loaded.skill });
  }
}

/** A name is a label, not an identifier: two skills of one name are told apart by their URIs, never picked between. */
async function uriOfName(core: InspectorCore, sessionId: string, name: string): Promise<string> {
  const matches = (await allSkills(core, sessionId)).filter((s) => s.name === name);
  if (matches.length === 1) return matches[0]!.uri;
  if (matches.length === 0) throw new SkillsCommandError(`the server lists no skill named "${name.slice(0, 200)}" (give the URI of its SKILL.md to load an unlisted one)`, 2);
  throw new SkillsCommandError(`${matches.length} skills are named "${name.slice(0, 200)}": give one of their URIs (${matches.map((s) => s.uri).join(", ").slice(0, 1000)})`, 2);
}

function asVerificationFailure(error: unknown, document?: Record<string, unknown>): unknown {
  if (error instanceof Error && error.name === "SkillVerificationError") return new SkillsCommandError(`verification failed: ${error.message}`, 1, document);
  return error;
}

type Write = (text: string) => void;

/** Without --json: one line per skill (name, URI, description, what it holds), then problems and checks. */
export function printSkillsHuman(document: Record<string, unknown>, write: Write): void {
  if (Array.isArray(document.skills)) {
    for (const skill of document.skills as (SkillView & { verify?: SkillVerifyReport })[]) {
      const description = typeof skill.frontmatter.description === "string" ? skill.frontmatter.description.split("\n")[0]!.slice(0, 160) : "";
      const files = skill.resources === "dynamic" ? "dynamic (not verifiable)" : skill.resources ? `${skill.resources.length} files, ${skill.totalBytes ?? 0} bytes` : "no valid manifest";
      write(`${skill.name || "(no name)"}  ${skill.uri}  [${files}]${description ? `  ${description}` : ""}\n`);
      for (const problem of skill.problems) write(`  ! ${problem}\n`);
      for (const check of skill.verify?.files ?? []) write(`  ${check.status}: ${check.uri}${check.message && check.status !== "verified" ? ` (${check.message})` : ""}\n`);
    }
    return;
  }
  const file = document.file as { uri: string; verification: string; text?: string; blob?: string } | undefined;
  if (!file) return;
  write(`${file.uri} (${file.verification})\n`);
  write(file.text !== undefined ? (file.text.endsWith("\n") ? file.text : `${file.text}\n`) : `[binary, ${file.blob?.length ?? 0} base64 characters]\n`);
}
