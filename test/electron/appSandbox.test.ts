// AP4/AP5/AP6, the desktop app (Electron faked): MCP App Views run behind the sandbox proxy on the
// mcp-app:// scheme, never on app://inspector; the proxy page carries the CSP built from the declared
// domains and may be framed by the inspector's page only; the main process denies App frames every
// navigation but the proxy's own and its View's, and every permission.
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createAppSandboxHandler, denyAppFrameNavigation, isAllowedFrameNavigation, type FrameNavigationEvent } from "../../main/electron/appSandbox.js";
import { startDesktopApp, type DesktopApp } from "../../main/electron/app.js";
import { APP_PAGE_URL } from "../../main/electron/constants.js";
import { CONTENT_SECURITY_POLICY, isPermissionAllowed } from "../../main/electron/window.js";
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
