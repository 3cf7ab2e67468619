// AP4/AP5/AP6, the desktop app (Electron faked): MCP App Views run behind the sandbox proxy on the
// mcp-app:// scheme, never on app://inspector; the proxy page carries the CSP built from the declared
// domains and may be framed by the inspector's page only; the main process denies App frames every
// navigation but the proxy's own and its View's, and every permission the user did not allow the View (AP6).
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { appFramePermission, createAppSandboxHandler, denyAppFrameNavigation, isAllowedFrameNavigation, type FrameNavigationEvent } from "../../main/electron/appSandbox.js";
import { startDesktopApp, type DesktopApp } from "../../main/electron/app.js";
import { APP_PAGE_URL } from "../../main/electron/constants.js";
import { CONTENT_SECURITY_POLICY, hardenSession, isPermissionAllowed } from "../../main/electron/window.js";
import { app, BrowserWindow, protocol, resetFakeElectron } from "./fakeElectron.js";

vi.mock("electron", () => import("./fakeElectron.js"));

const PAGE = "app://inspector";
const started: DesktopApp[] = [];
beforeEach(() => resetFakeElectron());
afterEach(async () => {
  await Promise.all(started.splice(0).map((d) => d.core.shutdown()));
});

describe("the desktop App sandbox (mcp-app://)", () => {
  it("AP4/AP5: the proxy page is served with the CSP built from the declared domains, framed by app://inspector only", async () => {
    const handler = createAppSandboxHandler(PAGE);
    const csp = encodeURIComponent(JSON.stringify({ connectDomains: ["https://api.example.com", "*"] }));
    const reply = await handler({ url: `mcp-app://sandbox/proxy.html?host=${encodeURIComponent(PAGE)}&csp=${csp}` });
    expect(reply.status).toBe(200);
    const policy = reply.headers.get("content-security-policy")!;
    expect(policy).toContain("default-src 'none'");
    expect(policy).toContain("connect-src https://api.example.com;");
    expect(policy).toMatch(/frame-ancestors app:\/\/inspector$/);
    expect(await reply.text()).toContain('<script src="/proxy.js">');
    expect((await handler({ url: "mcp-app://sandbox/proxy.js" })).status).toBe(200);
    expect((await handler({ url: `mcp-app://sandbox/proxy.html?host=${encodeURIComponent("https://evil.example")}` })).status).toBe(403);
    expect((await handler({ url: "mcp-app://elsewhere/proxy.html" })).status).toBe(404);
    expect((await handler({ url: "mcp-app://sandbox/../index.html" })).status).toBe(404);
  });

  it("AP4: App frames may load the proxy and their View's document only; any other frame navigation is denied before it starts", () => {
    expect(isAllowedFrameNavigation("mcp-app://sandbox/proxy.html?host=x")).toBe(true);
    expect(isAllowedFrameNavigation("about:srcdoc")).toBe(true);
    for (const url of ["https://example.com/", "about:blank", "app://inspector/index.html", "mcp-app://sandbox/other.html", "javascript:alert(1)", "not a url"]) {
      expect(isAllowedFrameNavigation(url)).toBe(false);
    }
    const listeners: ((e: FrameNavigationEvent) => void)[] = [];
    denyAppFrameNavigation({ on: (_event, listener) => listeners.push(listener) });
    const navigate = (url: string, isMainFrame: boolean) => {
      const event = { url, isMainFrame, preventDefault: vi.fn() };
      for (const l of listeners) l(event);
      return event.preventDefault.mock.calls.length > 0;
    };
    expect(navigate("https://example.com/", false)).toBe(true);
    expect(navigate("mcp-app://sandbox/proxy.html", false)).toBe(false);
    // The main frame has its own policy (will-navigate in window.ts).
    expect(navigate("https://example.com/", true)).toBe(false);
  });

  it("AP6: no permission is granted to an App frame; the page's CSP frames mcp-app://sandbox and nothing else", () => {
    for (const permission of ["media", "geolocation", "clipboard-sanitized-write", "notifications"]) {
      expect(isPermissionAllowed(permission, "mcp-app://sandbox/proxy.html", APP_PAGE_URL)).toBe(false);
    }
    expect(CONTENT_SECURITY_POLICY).toContain("frame-src mcp-app://sandbox;");
  });

  it("AP6: the main process grants an App's frames exactly the permissions its proxy URL names (what the user allowed), nothing else and nobody else", () => {
    const ses = { setPermissionRequestHandler: vi.fn(), setPermissionCheckHandler: vi.fn() };
    hardenSession(ses, APP_PAGE_URL);
    const request = ses.setPermissionRequestHandler.mock.calls[0]![0] as (c: unknown, p: string, cb: (g: boolean) => void, d: { requestingUrl?: string; mediaTypes?: string[] }) => void;
    const check = ses.setPermissionCheckHandler.mock.calls[0]![0] as (c: unknown, p: string, origin: string, d?: { requestingUrl?: string; mediaType?: string }) => boolean;
    const proxyUrl = (allow?: string) => `mcp-app://sandbox/proxy.html?host=${encodeURIComponent(PAGE)}&csp=%7B%7D${allow ? `&allow=${allow}` : ""}`;
    // The page's frames: the inspector, two App proxies (one allowed clipboard-write and camera, one nothing), each with its View.
    const page = { url: `${PAGE}/index.html`, parent: null };
    const granted = { url: proxyUrl("clipboard-write,camera"), parent: page };
    const plain = { url: proxyUrl(), parent: page };
    const contents = (...proxies: { url: string }[]) => ({
      mainFrame: { framesInSubtree: [page, ...proxies.flatMap((p) => [p, { url: "about:srcdoc", parent: p }])] },
    });
    const decide = (c: unknown, permission: string, details: { requestingUrl?: string; mediaTypes?: string[] }) => {
      let answer: boolean | undefined;
      request(c, permission, (g) => (answer = g), details);
      return answer;
    };
    const both = contents(granted, plain);
    // The View's own frame (Electron names it about:srcdoc) and its proxy get what was allowed.
    expect(decide(both, "clipboard-sanitized-write", { requestingUrl: "about:srcdoc" })).toBe(true);
    expect(decide(both, "media", { requestingUrl: "about:srcdoc", mediaTypes: ["video"] })).toBe(true);
    expect(decide(both, "clipboard-sanitized-write", { requestingUrl: granted.url })).toBe(true);
    expect(check(both, "clipboard-sanitized-write", "null", { requestingUrl: "about:srcdoc" })).toBe(true);
    expect(check(both, "media", "null", { requestingUrl: "about:srcdoc", mediaType: "video" })).toBe(true);
    // Not what was not allowed: the microphone, geolocation, anything else.
    expect(decide(both, "media", { requestingUrl: "about:srcdoc", mediaTypes: ["video", "audio"] })).toBe(false);
    expect(decide(both, "media", { requestingUrl: "about:srcdoc", mediaTypes: ["audio"] })).toBe(false);
    expect(check(both, "media", "null", { requestingUrl: "about:srcdoc", mediaType: "audio" })).toBe(false);
    for (const permission of ["geolocation", "clipboard-read", "notifications", "openExternal", "fullscreen", "unknown"]) {
      expect(decide(both, permission, { requestingUrl: "about:srcdoc" })).toBe(false);
    }
    // A proxy that was allowed nothing, and a page whose Views were allowed nothing: denied.
    expect(decide(both, "clipboard-sanitized-write", { requestingUrl: plain.url })).toBe(false);
    expect(decide(contents(plain), "clipboard-sanitized-write", { requestingUrl: "about:srcdoc" })).toBe(false);
    expect(check(contents(plain), "clipboard-sanitized-write", "null", { requestingUrl: "about:srcdoc" })).toBe(false);
    // A srcdoc frame that is not a View (not a proxy's child) grants nothing; other origins get nothing.
    expect(appFramePermission("clipboard-sanitized-write", "about:srcdoc", undefined, { mainFrame: { framesInSubtree: [page, { url: "about:srcdoc", parent: page }] } })).toBe(false);
    expect(decide(both, "clipboard-sanitized-write", { requestingUrl: "https://evil.example/" })).toBe(false);
    expect(decide(both, "clipboard-sanitized-write", { requestingUrl: `mcp-app://elsewhere/proxy.html?allow=clipboard-write` })).toBe(false);
    expect(decide(both, "clipboard-sanitized-write", { requestingUrl: `mcp-app://sandbox/other.html?allow=clipboard-write` })).toBe(false);
    // The inspector's own page keeps its clipboard writes, and nothing more.
    expect(decide(both, "clipboard-sanitized-write", { requestingUrl: APP_PAGE_URL })).toBe(true);
    expect(decide(both, "media", { requestingUrl: APP_PAGE_URL, mediaTypes: ["video"] })).toBe(false);
  });

  it("AP4: the app registers the mcp-app scheme as privileged, serves it, tells the core, and hardens every webContents' frames", async () => {
    app.userData = await mkdtemp(join(tmpdir(), "inspector-userdata-"));
    app.appPath = "/opt/inspector/resources/app.asar";
    const desktop = await startDesktopApp({ platform: "linux", preloadPath: "/opt/inspector/out/preload/index.cjs", rendererDir: "/opt/inspector/out/renderer" });
    started.push(desktop!);
    const schemes = protocol.registerSchemesAsPrivileged.mock.calls[0]![0] as { scheme: string; privileges: Record<string, boolean> }[];
    expect(schemes.find((s) => s.scheme === "mcp-app")?.privileges).toEqual({ standard: true, secure: true });
    const serve = protocol.handle.mock.calls.find((c) => c[0] === "mcp-app")![1] as (r: { url: string }) => Promise<Response>;
    expect((await serve({ url: `mcp-app://sandbox/proxy.html?host=${encodeURIComponent(PAGE)}` })).status).toBe(200);
    expect((await desktop!.core.dispatch("getSnapshot", {})).host?.appSandbox).toBe("mcp-app://sandbox");
    const contents = BrowserWindow.instances[0]!.webContents;
    const event = { url: "https://example.com/", isMainFrame: false, preventDefault: vi.fn() };
    contents.emit("will-frame-navigate", event);
    expect(event.preventDefault).toHaveBeenCalled();
  });
});
