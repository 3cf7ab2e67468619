// AP13: what went wrong inside a View, as the sandbox proxy passed it on (`inspector/view-report`), in words
// for the App panel: the CSP directive, what it blocked and the `_meta.ui.csp` field that would allow it; a
// failed load; an uncaught error or unhandled rejection with its line; the View's console errors when asked
// for. Each says who reported it: the sandbox (the browser raised it) or the View (its own words). Every field
// came from a hostile document: read as plain text, bounded.

export type ViewReportKind = "csp" | "load" | "error" | "rejection" | "console";

export interface ViewReport {
  kind: ViewReportKind;
  by: "sandbox" | "view";
  text: string;
  /** AP15: the CSP blocked eval (`eval`, `new Function`, string timers). */
  evalBlocked?: boolean;
  /** AP15: what was blocked was a function with an empty body: a library testing whether eval is allowed. */
  evalProbe?: boolean;
  /** AP13: the `_meta.ui.csp` field that would allow what was blocked, where one would. */
  cspField?: string;
  /** The proxy's last report: more were not passed on. */
  last?: boolean;
}

/** AP13: how many reports the panel keeps (the count goes on). */
export const REPORTS_KEPT = 50;

const KINDS: readonly ViewReportKind[] = ["csp", "load", "error", "rejection", "console"];

const str = (v: unknown, max = 500): string | undefined => (typeof v === "string" && v.length > 0 ? v.slice(0, max) : undefined);

/** AP13: the `_meta.ui.csp` field whose domains feed `directive` (AP5's mapping), if any. */
export function cspFieldFor(directive: string): string | undefined {
  const base = directive.replace(/-(elem|attr)$/, "");
  if (base === "connect-src") return "connectDomains";
  if (["script-src", "style-src", "img-src", "font-src", "media-src", "worker-src"].includes(base)) return "resourceDomains";
  if (base === "frame-src" || base === "child-src") return "frameDomains";
  if (base === "base-uri") return "baseUriDomains";
  return undefined;
}

function originOf(url: string): string | undefined {
  try {
    const origin = new URL(url).origin;
    return origin === "null" ? undefined : origin;
  } catch {
    return undefined;
  }
}

/**
 * AP15: the sample of a blocked `new Function` whose body is empty (zod's `allowsEval`, and others like it):
 * Chromium writes it `(function anonymous(\n) {\n\n})`. Running it would do nothing, so refusing it costs
 * the View nothing; parameters only as names, since a default value could be code.
 */
const EMPTY_FUNCTION = /^\((?:async )?function\*? anonymous\([\w$,\s]*\)\s*\{\s*\}\)$/;

const at = (source: string | undefined, line: unknown) =>
  typeof line === "number" && line > 0 ? ` (${source && /^https?:/.test(source) ? `${source}, ` : ""}line ${line})` : "";

/** The report in `params` of an `inspector/view-report`, or undefined when it is not one. */
export function viewReportOf(params: unknown): ViewReport | undefined {
  if (!params || typeof params !== "object") return undefined;
  const p = params as Record<string, unknown>;
  const kind = KINDS.find((k) => k === p.kind);
  if (!kind) return undefined;
  const by = p.by === "view" ? "view" : "sandbox";
  const last = p.last === true ? { last: true } : {};
  switch (kind) {
    case "csp": {
      const directive = str(p.directive, 100) ?? "(no directive)";
      const blocked = str(p.blocked) ?? "(nothing named)";
      if (blocked === "eval" || blocked === "wasm-eval") {
        const sample = str(p.sample, 200);
        if (blocked === "eval" && sample !== undefined && EMPTY_FUNCTION.test(sample)) {
          return {
            kind,
            by,
            evalProbe: true,
            text: `CSP blocked eval (${directive})${at(str(p.source), p.line)}: the View tested whether eval is allowed (a new Function with an empty body)`,
            ...last,
          };
        }
        return {
          kind,
          by,
          evalBlocked: blocked === "eval",
          text: `CSP blocked ${blocked} (${directive})${at(str(p.source), p.line)}: the View runs code from a string (eval, new Function)${sample ? ` (${JSON.stringify(sample)})` : ""}${blocked === "eval" ? '; "Allow eval in Views" for this server allows it' : ""}`,
          ...last,
        };
      }
      const field = cspFieldFor(directive);
      const origin = originOf(blocked);
      const hint =
        blocked === "inline"
          ? "an inline script or style the policy does not allow"
          : field && origin
            ? `declare ${origin} in _meta.ui.csp.${field} to allow it`
            : field
              ? `_meta.ui.csp.${field} is where a domain for ${directive} is declared`
              : "no _meta.ui.csp field allows it (the inspector never does)";
      return { kind, by, text: `CSP blocked ${blocked} (${directive})${at(str(p.source), p.line)}: ${hint}`, ...(field ? { cspField: field } : {}), ...last };
    }
    case "load":
      return { kind, by, text: `Failed to load ${str(p.url) ?? "(no address)"} (<${str(p.element, 40) ?? "?"}>)`, ...last };
    case "error":
      return { kind, by, text: `Uncaught error: ${str(p.message) ?? "(no message)"}${at(str(p.source), p.line)}`, ...last };
    case "rejection":
      return { kind, by, text: `Unhandled rejection: ${str(p.message) ?? "(no reason)"}`, ...last };
    case "console":
      return { kind, by, text: `console.error: ${str(p.message) ?? ""}`, ...last };
  }
}
