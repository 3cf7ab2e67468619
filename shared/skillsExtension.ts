// Skills (io.modelcontextprotocol/skills, SEP-2640): the extension's name, its limits and the server's
// declaration, without zod, so the renderer can read them without pulling in the contract's schemas.

export const SKILLS_EXTENSION = "io.modelcontextprotocol/skills";
/** A directory resource (resources/directory/read). */
export const DIRECTORY_MIME_TYPE = "inode/directory";
/** The spec's per-skill limits: hosts MUST support up to these; beyond them we decline and say why. */
export const MAX_SKILL_RESOURCES = 512;
export const MAX_SKILL_TOTAL_BYTES = 16 * 1024 * 1024;
/** A URI longer than this is junk from a hostile server, not a skill's. */
export const MAX_SKILL_URI_LENGTH = 2048;
/** Entries kept from one skills/list page, and problems kept per entry. */
export const MAX_SKILLS_PER_PAGE = 1000;
export const MAX_SKILL_PROBLEMS = 20;
/** The frontmatter shown verbatim, up to this many bytes of its JSON (a larger one is replaced by a note). */
export const MAX_FRONTMATTER_JSON_BYTES = 64 * 1024;
/** Children kept from one resources/directory/read page. */
export const MAX_DIRECTORY_ENTRIES = 1000;

/** The server's declaration, read field by field (`directoryRead` is the one setting the spec defines). */
export function skillsDeclared(capabilities: unknown): { directoryRead: boolean } | undefined {
  const extensions = isRecord(capabilities) ? capabilities.extensions : undefined;
  const declared = isRecord(extensions) ? extensions[SKILLS_EXTENSION] : undefined;
  if (!isRecord(declared)) return undefined;
  return { directoryRead: declared.directoryRead === true };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}
