// SEP-2640 "Skill Entries": one entry of skills/list or skills/get, read field by field from a hostile server.
// The frontmatter is kept verbatim (bounded) and checked; the manifest (`resources`) is checked against the
// spec's rules and limits before anything is read, so a skill that is not loadable says why up front.
import {
  MAX_FRONTMATTER_JSON_BYTES,
  MAX_SKILL_PROBLEMS,
  MAX_SKILL_RESOURCES,
  MAX_SKILL_TOTAL_BYTES,
  MAX_SKILL_URI_LENGTH,
  type SkillResource,
  type SkillView,
} from "../../../shared/skills.js";
import { frontmatterProblems } from "./frontmatter.js";

const DIGEST = /^sha256:[0-9a-f]{64}$/;
const SKILL_MD = "/SKILL.md";

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/** The final <skill-path> segment of a SKILL.md URI: the skill's name by the URI alone. */
export function nameFromUri(uri: string): string {
  if (!uri.endsWith(SKILL_MD)) return "";
  const path = uri.slice(0, -SKILL_MD.length);
  const segments = path.slice(path.indexOf("://") + 3).split("/").filter(Boolean);
  return (segments.at(-1) ?? "").slice(0, 300);
}

/** The skill's root directory: the SKILL.md URI without "/SKILL.md". */
export function skillRoot(uri: string): string {
  return uri.endsWith(SKILL_MD) ? uri.slice(0, -SKILL_MD.length) : uri;
}

/** A kept entry, or undefined when the value is not an entry at all (no usable uri). */
export function readSkillEntry(raw: unknown): SkillView | undefined {
  if (!isRecord(raw) || typeof raw.uri !== "string" || raw.uri.length === 0 || raw.uri.length > MAX_SKILL_URI_LENGTH) return undefined;
  const uri = raw.uri;
  const problems: string[] = [];
  let loadable = true;
  const name = nameFromUri(uri);
  if (!uri.endsWith(SKILL_MD)) {
    problems.push("uri must be the URI of the skill's SKILL.md");
    loadable = false;
  }

  let frontmatter: Record<string, unknown> = {};
  if (!isRecord(raw.frontmatter)) problems.push("the entry has no frontmatter object");
  else {
    let bytes = Infinity;
    try {
      bytes = Buffer.byteLength(JSON.stringify(raw.frontmatter));
    } catch {
      // Not JSON (the SDK parsed it from JSON, so this is only belt and braces).
    }
    if (bytes > MAX_FRONTMATTER_JSON_BYTES) problems.push(`the frontmatter is over ${MAX_FRONTMATTER_JSON_BYTES / 1024} KB and is not shown`);
    else frontmatter = raw.frontmatter;
    problems.push(...frontmatterProblems(raw.frontmatter, name));
  }

  let resources: SkillResource[] | "dynamic" | null = null;
  let totalBytes: number | undefined;
  const manifest = raw.resources;
  if (manifest === "dynamic") resources = "dynamic";
  else if (!Array.isArray(manifest)) {
    problems.push(manifest === undefined ? "the entry has no resources (required): it must not be loaded" : 'resources is neither a list nor "dynamic": the entry must not be loaded');
    loadable = false;
  } else {
    const checked = readManifest(uri, manifest);
    problems.push(...checked.problems);
    if (!checked.valid) loadable = false;
    resources = checked.resources;
    totalBytes = checked.resources.reduce((sum, r) => sum + r.size, 0);
    if (manifest.length > MAX_SKILL_RESOURCES) {
      problems.push(`the skill has ${manifest.length} files; the limit is ${MAX_SKILL_RESOURCES}, so it is not loaded`);
      loadable = false;
    }
    if (totalBytes > MAX_SKILL_TOTAL_BYTES) {
      problems.push(`the skill's files total ${totalBytes} bytes; the limit is ${MAX_SKILL_TOTAL_BYTES} (16 MiB), so it is not loaded`);
      loadable = false;
    }
  }
  return {
    uri,
    name,
    frontmatter,
    resources,
    ...(totalBytes !== undefined ? { totalBytes } : {}),
    problems: bounded(problems),
    loadable,
  };
}

function readManifest(uri: string, manifest: unknown[]): { resources: SkillResource[]; problems: string[]; valid: boolean } {
  const resources: SkillResource[] = [];
  const problems: string[] = [];
  let valid = true;
  const root = `${skillRoot(uri)}/`;
  const seen = new Set<string>();
  // One more than the limit is enough to know it is over it.
  for (const [i, item] of manifest.slice(0, MAX_SKILL_RESOURCES + 1).entries()) {
    if (!isRecord(item) || typeof item.uri !== "string" || item.uri.length > MAX_SKILL_URI_LENGTH) {
      problems.push(`resources[${i}] has no usable uri`);
      valid = false;
      continue;
    }
    const label = item.uri.slice(0, 200);
    if (typeof item.digest !== "string" || !DIGEST.test(item.digest)) {
      problems.push(`${label}: digest must be "sha256:" and 64 lowercase hex digits`);
      valid = false;
    }
    if (typeof item.size !== "number" || !Number.isSafeInteger(item.size) || item.size < 0) {
      problems.push(`${label}: size must be a whole number of bytes`);
      valid = false;
    }
    if (item.uri !== uri && !item.uri.startsWith(root)) problems.push(`${label} is not a file within the skill's directory`);
    if (seen.has(item.uri)) problems.push(`${label} is listed twice`);
    seen.add(item.uri);
    if (typeof item.digest === "string" && typeof item.size === "number" && Number.isSafeInteger(item.size) && item.size >= 0) {
      resources.push({ uri: item.uri, digest: item.digest.slice(0, 200), size: item.size });
    }
  }
  if (!seen.has(uri)) {
    problems.push("resources does not list the skill's SKILL.md (it must, with its digest and size)");
    valid = false;
  }
  return { resources, problems, valid };
}

function bounded(problems: string[]): string[] {
  const kept = problems.slice(0, MAX_SKILL_PROBLEMS).map((p) => (p.length > 500 ? `${p.slice(0, 497)}…` : p));
  if (problems.length > MAX_SKILL_PROBLEMS) kept.push(`… and ${problems.length - MAX_SKILL_PROBLEMS} more problems`);
  return kept;
}
