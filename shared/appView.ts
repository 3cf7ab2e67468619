// MCP Apps (issue 20): the View the core read for the renderer (AP3), with the CSP in force (AP5). The schema
// lives apart from shared/apps.ts so the renderer's runtime helpers do not pull in zod.
import { z } from "zod";

const Domains = z.array(z.string().max(500)).max(100);

/** AP3: a resource's `_meta.ui`, as the inspector kept it (bounded, field by field). */
export const AppUiMetaSchema = z.object({
  csp: z
    .object({ connectDomains: Domains.optional(), resourceDomains: Domains.optional(), frameDomains: Domains.optional(), baseUriDomains: Domains.optional() })
    .optional(),
  permissions: z.object({ camera: z.boolean().optional(), microphone: z.boolean().optional(), geolocation: z.boolean().optional(), clipboardWrite: z.boolean().optional() }).optional(),
  domain: z.string().max(500).optional(),
  prefersBorder: z.boolean().optional(),
});
export type AppUiMeta = z.output<typeof AppUiMetaSchema>;

export const AppViewSchema = z.object({
  /** The `ui://` URI read. */
  uri: z.string(),
  /** The tool whose App this is, when read for a tool. */
  toolName: z.string().optional(),
  /** The View's HTML, decoded from `text` or base64 `blob`. */
  html: z.string(),
  encoding: z.enum(["text", "blob"]),
  /** AP17: the HTML's size in bytes (UTF-8). */
  bytes: z.number().int().nonnegative().optional(),
  /** AP3: the content item's `_meta.ui` over the listing's. */
  ui: AppUiMetaSchema,
  /** AP5: the Content-Security-Policy the View runs under, as sent. */
  csp: z.string(),
  /** AP15: the policy in force where the user allowed eval in Views for this server. */
  cspWithEval: z.string().optional(),
  /** AP5: declared domains left out of the CSP, and why (never looser than declared). */
  cspNotes: z.array(z.string()).max(400),
});
export type AppView = z.output<typeof AppViewSchema>;
