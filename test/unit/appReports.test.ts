// AP13: a View's failures as the panel words them, each with who reported it; the Logs label the sandbox's
// own notes apart from the View's messages. Every field came from a hostile document.
import { describe, expect, it } from "vitest";
import { cspFieldFor, viewReportOf } from "../../renderer/src/apps/appReports.js";
import { appBridgeMessage } from "../../renderer/src/tabs/logs/logFilter.js";

describe("AP13: a View's reported failures", () => {
  it("AP13: a CSP block names the directive, what it blocked and the _meta.ui.csp field that would allow it", () => {
    expect(viewReportOf({ kind: "csp", by: "sandbox", directive: "connect-src", blocked: "https://api.example.com/v1?q=1", line: 3 })).toEqual({
      kind: "csp",
      by: "sandbox",
      cspField: "connectDomains",
      text: "CSP blocked https://api.example.com/v1?q=1 (connect-src) (line 3): declare https://api.example.com in _meta.ui.csp.connectDomains to allow it",
    });
    expect(cspFieldFor("script-src-elem")).toBe("resourceDomains");
    expect(cspFieldFor("frame-src")).toBe("frameDomains");
    expect(cspFieldFor("base-uri")).toBe("baseUriDomains");
    expect(cspFieldFor("form-action")).toBeUndefined();
    expect(viewReportOf({ kind: "csp", directive: "form-action", blocked: "https://x.example/" })!.text).toContain("no _meta.ui.csp field allows it");
  });

  it("AP15: a block for eval is told apart and points at the permission, not at a csp field", () => {
    const report = viewReportOf({ kind: "csp", by: "sandbox", directive: "script-src", blocked: "eval", line: 9 })!;
    expect(report.evalBlocked).toBe(true);
    expect(report.cspField).toBeUndefined();
    expect(report.text).toContain('"Allow eval in Views" for this server allows it');
    // With the sample the policy's 'report-sample' gives, the blocked code's start is shown.
    expect(viewReportOf({ kind: "csp", directive: "script-src", blocked: "eval", sample: "1+1" })!.text).toContain('(eval, new Function) ("1+1")');
  });

  it("AP15: a blocked new Function with an empty body is a library testing for eval (zod's allowsEval): a probe, not a block the View needs", () => {
    for (const sample of ["(function anonymous(\n) {\n\n})", "(function anonymous(a,b\n) {\n\n})", "(async function anonymous(\n) {\n\n})"]) {
      const report = viewReportOf({ kind: "csp", by: "sandbox", directive: "script-src", blocked: "eval", line: 67, sample })!;
      expect(report.evalProbe).toBe(true);
      expect(report.evalBlocked).toBeUndefined();
      expect(report.text).toContain("tested whether eval is allowed");
    }
    // Anything with a body, a default value (code) in its parameters, a cut sample or none: a real block.
    for (const sample of [undefined, "", "(function anonymous(\n) {\nreturn this\n})", "(function anonymous(a = alert(1)\n) {\n\n})", "(function anonymous(aaaaaaaaaaaaaaaaaaaaa", "eval"]) {
      const report = viewReportOf({ kind: "csp", directive: "script-src", blocked: "eval", sample })!;
      expect(report.evalBlocked).toBe(true);
      expect(report.evalProbe).toBeUndefined();
    }
  });

  it("AP13: failed loads, uncaught errors, rejections and console errors, bounded; who reported it is kept; anything else is not a report", () => {
    expect(viewReportOf({ kind: "load", element: "script", url: "https://unpkg.com/leaflet.js" })!.text).toBe("Failed to load https://unpkg.com/leaflet.js (<script>)");
    expect(viewReportOf({ kind: "error", message: "x is not defined", source: "about:srcdoc", line: 12 })!.text).toBe("Uncaught error: x is not defined (line 12)");
    expect(viewReportOf({ kind: "rejection", message: "nope" })!.text).toBe("Unhandled rejection: nope");
    expect(viewReportOf({ kind: "console", by: "view", message: "m".repeat(5000) })!.text.length).toBeLessThan(600);
    expect(viewReportOf({ kind: "console", by: "view", message: "hi" })!.by).toBe("view");
    expect(viewReportOf({ kind: "error", by: "admin" })!.by).toBe("sandbox");
    for (const junk of [null, 1, "csp", { kind: "__proto__" }, { kind: "toString" }]) expect(viewReportOf(junk)).toBeUndefined();
  });

  it("issue 20 / AP13: the sandbox proxy's own notes are labelled sandbox → host in the Logs, the View's app → host", () => {
    expect(appBridgeMessage({ bridge: "app→host", message: { method: "ui/notifications/sandbox-proxy-ready" } })!.direction).toBe("sandbox → host");
    expect(appBridgeMessage({ bridge: "app→host", message: { method: "inspector/view-report" } })!.direction).toBe("sandbox → host");
    expect(appBridgeMessage({ bridge: "app→host", message: { method: "ui/initialize" } })!.direction).toBe("app → host");
  });
});
