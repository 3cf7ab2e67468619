// AP5: the Content-Security-Policy a View runs under, built from its resource's `_meta.ui.csp`. Always
// `default-src 'none'` and `object-src 'none'`; with nothing declared, the spec's restrictive default (no
// network). A declared domain that is not a plain origin (a keyword, a scheme, a path, a quote, a `;`) is
// left out and said why: the policy can only get stricter than declared, never looser.
import type { AppUiMeta } from "../../../shared/appView.js";

/** `https://host[:port]`, `https://*.host`, or `http://localhost|127.0.0.1[:port]` (a developer's own server). */
const ORIGIN = /^(?:https:\/\/(?:\*\.)?[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?)*(?::\d{1,5})?|http:\/\/(?:localhost|127\.0\.0\.1)(?::\d{1,5})?)$/i;
/** WebSocket origins are allowed in connect-src alongside https ones. */
const WS_ORIGIN = /^wss:\/\/(?:\*\.)?[a-z0-9](?:[a-z0-9.-]{0,250}[a-z0-9])?(?::\d{1,5})?$|^ws:\/\/(?:localhost|127\.0\.0\.1)(?::\d{1,5})?$/i;

export interface BuiltCsp {
  policy: string;
  notes: string[];
}

export interface CspOptions {
  /** AP15: the user allowed "eval in Views" for this View's server: `'unsafe-eval'` in script-src. */
  allowEval?: boolean;
}

/**
 * Local schemes a View may use for what it builds in its own document: `blob:` and `data:` carry no network
 * (they name bytes the View already has), so they are not "undeclared domains" the spec forbids. What is
 * allowed is what ext-apps' own example host (examples/basic-host/src/csp.ts) allows, minus its
 * `'unsafe-eval'` (AP15: only when the user allows it): `blob:`/`data:` scripts (PDF.js wraps its worker as a
 * blob that imports a data: module, or falls back to importing it in the page), `worker-src 'self' blob:`
 * plus the declared resource domains, and `blob:`/`data:` styles, images, fonts and media.
 */
const LOCAL = ["blob:", "data:"];

export function buildCsp(csp: AppUiMeta["csp"], options: CspOptions = {}): BuiltCsp {
  const notes: string[] = [];
  const keep = (field: string, list: string[] | undefined, allowWs = false): string[] => {
    const kept: string[] = [];
    for (const raw of list ?? []) {
      const domain = raw.trim().replace(/\/$/, "");
      if (ORIGIN.test(domain) || (allowWs && WS_ORIGIN.test(domain))) kept.push(domain.toLowerCase());
      else notes.push(`${field}: "${raw.slice(0, 200)}" left out (not an https origin)`);
    }
    return [...new Set(kept)];
  };
  const connect = keep("connectDomains", csp?.connectDomains, true);
  const resources = keep("resourceDomains", csp?.resourceDomains);
  const frames = keep("frameDomains", csp?.frameDomains);
  const bases = keep("baseUriDomains", csp?.baseUriDomains);
  const list = (base: string[], extra: string[]) => [...base, ...extra].join(" ");
  const directives = [
    "default-src 'none'",
    // A View is one HTML document: its inline scripts and styles are how it runs at all.
    // 'report-sample': a blocked eval is reported with its code's start, which tells a library testing for
    // eval (an empty new Function) from a View that needs it (AP15).
    `script-src ${list(["'self'", "'unsafe-inline'", ...(options.allowEval ? ["'unsafe-eval'"] : []), "'report-sample'", ...LOCAL], resources)}`,
    `style-src ${list(["'self'", "'unsafe-inline'", ...LOCAL], resources)}`,
    `img-src ${list(["'self'", "data:", "blob:"], resources)}`,
    `font-src ${list(["'self'", ...LOCAL], resources)}`,
    `media-src ${list(["'self'", "data:", "blob:"], resources)}`,
    // Workers from the View's own blobs (PDF.js, three.js loaders) or its declared resource domains.
    `worker-src ${list(["'self'", "blob:"], resources)}`,
    `connect-src ${connect.length ? connect.join(" ") : "'none'"}`,
    `frame-src ${frames.length ? frames.join(" ") : "'none'"}`,
    `base-uri ${bases.length ? bases.join(" ") : "'self'"}`,
    "object-src 'none'",
    // AP4: a form cannot post the View away.
    "form-action 'none'",
  ];
  return { policy: directives.join("; "), notes };
}
