// Skills (the extension io.modelcontextprotocol/skills, SEP-2640; spec `specification/stable/skills.md` in
// modelcontextprotocol/ext-skills): the words both sides of the contract read. The core lists and gets skill
// entries, loads a skill's SKILL.md and reads its files, each checked against the entry (digest, size,
// frontmatter); the renderer shows them. Everything here came from a server: bounded, and rendered as text.
import { z } from "zod";

import { MAX_SKILL_URI_LENGTH } from "./skillsExtension.js";

export * from "./skillsExtension.js";

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/** A JSON object passed on as it is (z.record would copy it and drop a "__proto__" key, which is data here). */
const Json = z.custom<Record<string, unknown>>((value) => isRecord(value), { message: "Invalid input: expected a JSON object" });

export const SkillResourceSchema = z.object({
  uri: z.string().max(MAX_SKILL_URI_LENGTH),
  digest: z.string().max(200),
  size: z.number().int().nonnegative(),
});
export type SkillResource = z.output<typeof SkillResourceSchema>;

/** One skill entry (skills/list or skills/get) as the inspector kept it. */
export const SkillViewSchema = z.object({
  /** The URI of its SKILL.md. */
  uri: z.string().max(MAX_SKILL_URI_LENGTH),
  /** The final <skill-path> segment: the skill's name by the URI alone (empty when the URI has none). */
  name: z.string().max(300),
  /** The frontmatter verbatim, as the server sent it (or {} with a problem when over MAX_FRONTMATTER_JSON_BYTES). */
  frontmatter: Json,
  /** The manifest, or "dynamic" (not verifiable); null when the entry has none or an invalid one (not loadable). */
  resources: z.union([z.array(SkillResourceSchema), z.literal("dynamic")]).nullable(),
  /** The sum of `size` over the manifest. */
  totalBytes: z.number().nonnegative().optional(),
  /** What breaks the spec or the Agent Skills field rules, one sentence each. */
  problems: z.array(z.string().max(500)),
  /** False when the host MUST NOT load it (no valid manifest, over the limits, no SKILL.md in the manifest). */
  loadable: z.boolean(),
});
export type SkillView = z.output<typeof SkillViewSchema>;

export const SkillListSchema = z.object({
  skills: z.array(SkillViewSchema),
  nextCursor: z.string().max(10_000).optional(),
  /** Entries on the page past MAX_SKILLS_PER_PAGE, not kept. */
  notKept: z.number().int().nonnegative().optional(),
});

export const VerificationSchema = z.enum(["verified", "not verifiable"]);
export type Verification = z.output<typeof VerificationSchema>;

/** A skill file read through the skill-loading path: only content that passed verification comes back. */
export const SkillFileSchema = z.object({
  uri: z.string().max(MAX_SKILL_URI_LENGTH),
  skillUri: z.string().max(MAX_SKILL_URI_LENGTH),
  verification: VerificationSchema,
  /** Bytes read. */
  size: z.number().int().nonnegative(),
  mimeType: z.string().max(200).optional(),
  /** The content as text (UTF-8), or base64 when it was a blob that is not text. */
  text: z.string().optional(),
  blob: z.string().optional(),
});
export type SkillFile = z.output<typeof SkillFileSchema>;

/** A loaded skill: its entry and its SKILL.md, verified (or "not verifiable" when the manifest is dynamic). */
export const LoadedSkillSchema = z.object({ skill: SkillViewSchema, file: SkillFileSchema });
export type LoadedSkill = z.output<typeof LoadedSkillSchema>;

export const FileCheckSchema = z.object({
  uri: z.string().max(MAX_SKILL_URI_LENGTH),
  status: z.enum(["verified", "failed", "not read", "not verifiable"]),
  message: z.string().max(2000).optional(),
});
export type FileCheck = z.output<typeof FileCheckSchema>;

/** Verify: every file of a skill read and checked, SKILL.md first; after a failure nothing more is read. */
export const SkillVerifyReportSchema = z.object({
  uri: z.string().max(MAX_SKILL_URI_LENGTH),
  status: z.enum(["verified", "failed", "not verifiable"]),
  files: z.array(FileCheckSchema),
});
export type SkillVerifyReport = z.output<typeof SkillVerifyReportSchema>;

export const DirectoryEntrySchema = z.object({
  uri: z.string().max(MAX_SKILL_URI_LENGTH),
  name: z.string().max(300),
  mimeType: z.string().max(200).optional(),
  directory: z.boolean(),
});
export const DirectoryPageSchema = z.object({
  uri: z.string().max(MAX_SKILL_URI_LENGTH),
  resources: z.array(DirectoryEntrySchema),
  nextCursor: z.string().max(10_000).optional(),
  notKept: z.number().int().nonnegative().optional(),
});
export type DirectoryPage = z.output<typeof DirectoryPageSchema>;
