// AP5: the CSP a View runs under, from its resource's `_meta.ui.csp`, never looser than declared; and AP3's
// reading of a hostile `_meta.ui` (wrong types, huge lists) field by field.
import { describe, expect, it } from "vitest";
import { buildCsp } from "../../main/core/apps/csp.js";
import { uiMetaOf, viewFromReadResult } from "../../main/core/apps/view.js";

const directives = (policy: string) => Object.fromEntries(policy.split("; ").map((d) => [d.split(" ")[0], d.split(" ").slice(1).join(" ")]));

describe("AP5: the View's CSP", () => {
  it("AP5: with no csp declared, the spec's restrictive default: no network, no frames, default-src and object-src 'none'", () => {
    const d = directives(buildCsp(undefined).policy);
    expect(d["default-src"]).toBe("'none'");
    expect(d["object-src"]).toBe("'none'");
    expect(d["connect-src"]).toBe("'none'");
    expect(d["frame-src"]).toBe("'none'");
    expect(d["base-uri"]).toBe("'self'");
    // The spec's default plus the local schemes ext-apps' example host allows (no network: blob: and data:).
    expect(d["img-src"]).toBe("'self' data: blob:");
    expect(d["script-src"]).toBe("'self' 'unsafe-inline' 'report-sample' blob: data:");
  });

  it("AP5: workers from the View's own blobs (PDF.js) and its declared resource domains; blob:/data: scripts, styles, fonts and media, as ext-apps' example host allows; never a network scheme", () => {
    const d = directives(buildCsp({ resourceDomains: ["https://unpkg.com"] }).policy);
    expect(d["worker-src"]).toBe("'self' blob: https://unpkg.com");
    expect(d["script-src"]).toBe("'self' 'unsafe-inline' 'report-sample' blob: data: https://unpkg.com");
    for (const key of ["style-src", "font-src"]) expect(d[key]).toBe("'self' 'unsafe-inline' blob: data: https://unpkg.com".replace(key === "font-src" ? "'unsafe-inline' " : "", ""));
    expect(d["media-src"]).toBe("'self' data: blob: https://unpkg.com");
    expect(d["connect-src"]).toBe("'none'");
    expect(Object.values(d).map(String).join(" ")).not.toMatch(/https:(?!\/\/)|\bhttp:|\*(?!\.)|filesystem:/);
  });

  it("AP15: no 'unsafe-eval' unless the user allowed eval in Views for the server; then in script-src only", () => {
    expect(buildCsp(undefined).policy).not.toContain("unsafe-eval");
    expect(buildCsp({ resourceDomains: ["https://cdn.example"] }).policy).not.toContain("unsafe-eval");
    const d = directives(buildCsp({ resourceDomains: ["https://cdn.example"] }, { allowEval: true }).policy);
    expect(d["script-src"]).toBe("'self' 'unsafe-inline' 'unsafe-eval' 'report-sample' blob: data: https://cdn.example");
    expect(Object.entries(d).filter(([, v]) => String(v).includes("unsafe-eval")).map(([k]) => k)).toEqual(["script-src"]);
    // The View's own view: both policies, the one in force chosen by the page.
    const view = viewFromReadResult("ui://a", { contents: [{ uri: "ui://a", mimeType: "text/html;profile=mcp-app", text: "<p>a</p>" }] }, undefined);
    expect(view.csp).not.toContain("unsafe-eval");
    expect(view.cspWithEval).toContain("'unsafe-eval'");
  });

  it("AP5: connectDomains → connect-src, resourceDomains → script/style/img/font/media-src, frameDomains → frame-src, baseUriDomains → base-uri", () => {
    const { policy, notes } = buildCsp({
      connectDomains: ["https://api.example.com", "wss://live.example.com"],
      resourceDomains: ["https://*.cdn.example"],
      frameDomains: ["https://maps.example"],
      baseUriDomains: ["https://base.example"],
    });
    const d = directives(policy);
    expect(d["connect-src"]).toBe("https://api.example.com wss://live.example.com");
    for (const key of ["script-src", "style-src", "img-src", "font-src", "media-src"]) expect(d[key]).toContain("https://*.cdn.example");
    expect(d["frame-src"]).toBe("https://maps.example");
    expect(d["base-uri"]).toBe("https://base.example");
    expect(notes).toEqual([]);
  });

  it("AP5: a declared entry that would loosen the policy or inject a directive is left out, and said why", () => {
    const hostile = ["*", "'unsafe-eval'", "https://ok.example; script-src *", "data:", "http://evil.example", "https://a.example/path", "javascript:alert(1)", "https://ok.example"];
    const { policy, notes } = buildCsp({ connectDomains: hostile, resourceDomains: hostile });
    const d = directives(policy);
    expect(d["connect-src"]).toBe("https://ok.example");
    expect(d["script-src"]).toBe("'self' 'unsafe-inline' 'report-sample' blob: data: https://ok.example");
    expect(policy).not.toMatch(/unsafe-eval|evil|\*(?!\.)|javascript/);
    expect(policy.split("; ").filter((x) => x.startsWith("script-src"))).toHaveLength(1);
    expect(notes).toHaveLength(14);
    expect(notes[0]).toBe('connectDomains: "*" left out (not an https origin)');
  });
});

describe("AP3: a hostile _meta.ui is read field by field", () => {
  it("AP3: wrong types are dropped, lists are bounded, permissions are read as declared", () => {
    const meta = { ui: { csp: { connectDomains: "https://x", resourceDomains: [1, "https://y", null, ...Array(500).fill("https://z")] }, prefersBorder: "yes", domain: 5, permissions: { camera: {}, microphone: false, clipboardWrite: true } } };
    const ui = uiMetaOf(meta);
    expect(ui.csp!.connectDomains).toBeUndefined();
    expect(ui.csp!.resourceDomains!.length).toBeLessThanOrEqual(100);
    expect(ui.prefersBorder).toBeUndefined();
    expect(ui.domain).toBeUndefined();
    expect(ui.permissions).toEqual({ camera: true, clipboardWrite: true });
    expect(uiMetaOf(null)).toEqual({});
    expect(uiMetaOf({ ui: [] })).toEqual({});
  });

  it("AP3: a blob that is not base64 is an error; mime type parameters are compared without spaces or case", () => {
    const read = (item: Record<string, unknown>) => viewFromReadResult("ui://a", { contents: [{ uri: "ui://a", ...item }] }, undefined);
    expect(() => read({ mimeType: "text/html;profile=mcp-app", blob: "<p>not base64</p>" })).toThrow("has a blob that is not base64");
    expect(read({ mimeType: "Text/HTML; profile=mcp-app", text: "<p>x</p>" }).html).toBe("<p>x</p>");
    expect(() => read({ mimeType: "text/html;profile=other", text: "<p>x</p>" })).toThrow(/not "text\/html;profile=mcp-app"/);
    expect(() => viewFromReadResult("ui://a", { contents: "junk" }, undefined)).toThrow("returned no content");
  });
});
