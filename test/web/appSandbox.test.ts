// AP4/AP5, browser mode: the MCP App sandbox proxy on its own loopback port. It serves the proxy page only
// to the inspector's page (frame-ancestors), under a CSP it builds itself from the declared domains (a
// hostile query cannot loosen it), answers to its own host names only (DNS rebinding), and the inspector's
// page may frame the proxy's origin and no other.
import { describe, expect, it } from "vitest";
import { httpGet, startTestWebServer } from "./fixture.js";

const get = (url: string, headers: Record<string, string> = {}) => httpGet(url, { headers });

const directives = (policy: string) => Object.fromEntries(policy.split("; ").map((d) => [d.split(" ")[0]!, d.split(" ").slice(1).join(" ")]));

async function sandboxOf() {
  const test = await startTestWebServer();
  const snapshot = await test.core.dispatch("getSnapshot", {});
  const sandbox = snapshot.host!.appSandbox!;
  return { test, sandbox, page: test.server.origin };
}

describe("browser mode: the App sandbox proxy (AP4, AP5)", () => {
  it("AP4, AP12: the sandbox is another loopback origin and another site (localhost; the page 127.0.0.1), named in the snapshot; the page's CSP may frame it and nothing else", async () => {
    const { sandbox, page } = await sandboxOf();
    // A site is scheme + registrable domain (an IP host is its own): another port alone would be the same site.
    expect(new URL(sandbox).hostname).toBe("localhost");
    expect(new URL(page).hostname).toBe("127.0.0.1");
    expect(new URL(sandbox).origin).not.toBe(new URL(page).origin);
    const index = await get(`${page}/`);
    expect(directives(String(index.headers["content-security-policy"]))["frame-src"]).toBe(sandbox);
  });

  it("AP4/AP5: the proxy page runs under the CSP built from the declared domains, framed by the inspector's page only", async () => {
    const { sandbox, page } = await sandboxOf();
    const csp = JSON.stringify({ connectDomains: ["https://api.example.com"], resourceDomains: ["https://cdn.example.com"] });
    const reply = await get(`${sandbox}/proxy.html?host=${encodeURIComponent(page)}&csp=${encodeURIComponent(csp)}`);
    expect(reply.status).toBe(200);
    const d = directives(String(reply.headers["content-security-policy"]));
    expect(d["default-src"]).toBe("'none'");
    expect(d["connect-src"]).toBe("https://api.example.com");
    expect(d["script-src"]).toBe("'self' 'unsafe-inline' 'report-sample' blob: data: https://cdn.example.com");
    expect(d["frame-src"]).toBe("'none'");
    expect(d["object-src"]).toBe("'none'");
    expect(d["frame-ancestors"]).toContain(page);
    // The same policy goes first into the View's document (the proxy script reads it from here).
    expect(reply.body).toContain(`<meta name="mcp-view-csp" content="default-src 'none'; script-src 'self' 'unsafe-inline' 'report-sample' blob: data: https://cdn.example.com;`);
  });

  it("AP5: a hostile csp query cannot loosen the policy or add a directive; unreadable JSON is the restrictive default", async () => {
    const { sandbox, page } = await sandboxOf();
    const hostile = JSON.stringify({ connectDomains: ["*", "https://ok.example; script-src *", "'unsafe-eval'"], resourceDomains: "https://x" });
    const reply = await get(`${sandbox}/proxy.html?host=${encodeURIComponent(page)}&csp=${encodeURIComponent(hostile)}`);
    const policy = String(reply.headers["content-security-policy"]);
    expect(directives(policy)["connect-src"]).toBe("'none'");
    expect(policy).not.toMatch(/unsafe-eval|script-src \*/);
    const garbage = await get(`${sandbox}/proxy.html?host=${encodeURIComponent(page)}&csp=%7Bnot%20json`);
    expect(directives(String(garbage.headers["content-security-policy"]))["connect-src"]).toBe("'none'");
  });

  it("AP15: 'unsafe-eval' only with eval=1 (the page's choice, where the user allowed eval in Views for the server); AP13: the View's document starts with its CSP and the sandbox's instrument", async () => {
    const { sandbox, page } = await sandboxOf();
    const plainPolicy = String((await get(`${sandbox}/proxy.html?host=${encodeURIComponent(page)}&csp=%7B%7D`)).headers["content-security-policy"]);
    expect(plainPolicy).not.toContain("unsafe-eval");
    for (const other of ["true", "yes", "0"]) expect(String((await get(`${sandbox}/proxy.html?host=${encodeURIComponent(page)}&eval=${other}`)).headers["content-security-policy"])).not.toContain("unsafe-eval");
    const allowed = await get(`${sandbox}/proxy.html?host=${encodeURIComponent(page)}&csp=%7B%7D&eval=1`);
    expect(directives(String(allowed.headers["content-security-policy"]))["script-src"]).toBe("'self' 'unsafe-inline' 'unsafe-eval' 'report-sample' blob: data:");
    const script = (await get(`${sandbox}/proxy.js`)).body;
    expect(script).toContain("securitypolicyviolation");
    expect(script).toContain("inspector/instrument-port");
  });

  it("AP4: the proxy refuses a page that is not the inspector's, a foreign Host header, and anything but its two files", async () => {
    const { sandbox } = await sandboxOf();
    expect((await get(`${sandbox}/proxy.html?host=${encodeURIComponent("http://evil.example")}`)).status).toBe(403);
    expect((await get(`${sandbox}/proxy.html`)).status).toBe(403);
    const port = new URL(sandbox).port;
    expect((await get(`${sandbox}/proxy.js`, { Host: `evil.example:${port}` })).status).toBe(403);
    expect((await get(`${sandbox}/index.html`)).status).toBe(404);
    const script = await get(`${sandbox}/proxy.js`);
    expect(script.status).toBe(200);
    expect(script.headers["content-type"]).toMatch(/^text\/javascript/);
    // AP4: the inner frame's sandbox is fixed by the proxy, never taken from the page's message.
    expect(script.body.match(/setAttribute\("sandbox"[^)]*\)/g)).toEqual(['setAttribute("sandbox", "allow-scripts allow-forms")']);
  });
});
