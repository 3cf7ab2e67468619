import { mkdtemp, mkdir, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { APP_PAGE_URL } from "../../main/electron/constants.js";
import {
  APP_SCHEME_PRIVILEGES,
  allowOwnDownloads,
  CONTENT_SECURITY_POLICY,
  createAppProtocolHandler,
  createMainWindow,
  focusWindow,
  hardenSession,
  hardenWebContents,
  rendererFilePath,
} from "../../main/electron/window.js";
import { BrowserWindow, FakeWebContents, resetFakeElectron } from "./fakeElectron.js";

vi.mock("electron", () => import("./fakeElectron.js"));

beforeEach(() => {
  resetFakeElectron();
});

describe("the BrowserWindow", () => {
  it("is created with Electron's security checklist settings", () => {
    createMainWindow({ width: 1000, height: 700, maximized: false }, "/app/out/preload/index.cjs");
    expect(BrowserWindow.instances).toHaveLength(1);
    const options = BrowserWindow.instances[0]!.options;
    expect(options.webPreferences).toEqual({
      preload: "/app/out/preload/index.cjs",
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      webviewTag: false,
      navigateOnDragDrop: false,
      safeDialogs: true,
      disableBlinkFeatures: "Auxclick",
    });
    expect(options).toMatchObject({ width: 1000, height: 700, show: false });
    expect(options).not.toHaveProperty("x");
  });

  it("opens where it was, maximized if it was, once ready to show", () => {
    const win = createMainWindow({ x: 50, y: 60, width: 900, height: 600, maximized: true }, "/p.cjs") as unknown as BrowserWindow;
    expect(win.options).toMatchObject({ x: 50, y: 60, width: 900, height: 600 });
    expect(win.shown).toBe(false);
    win.emit("ready-to-show");
    expect(win.maximized).toBe(true);
    expect(win.shown).toBe(true);
  });

  it("focusWindow restores a minimized window and brings it to the front; a closed one is left alone", () => {
    const win = createMainWindow({ width: 900, height: 600, maximized: false }, "/p.cjs") as unknown as BrowserWindow;
    win.minimized = true;
    expect(focusWindow(win)).toBe(true);
    expect(win.minimized).toBe(false);
    expect(win.focused).toBe(true);
    win.destroyed = true;
    expect(focusWindow(win)).toBe(false);
    expect(focusWindow(undefined)).toBe(false);
  });
});

describe("navigation, new windows, webviews", () => {
  function hardened() {
    const contents = new FakeWebContents();
    const openLink = vi.fn(async (_url: string) => true);
    hardenWebContents(contents as never, openLink);
    return { contents, openLink };
  }

  it("every navigation is prevented; an http(s) target is offered to the browser through the confirm-first opener", () => {
    const { contents, openLink } = hardened();
    for (const url of ["https://example.com/", "file:///etc/passwd", "javascript:alert(1)", "app://inspector/other.html"]) {
      const event = { url, preventDefault: vi.fn() };
      contents.emit("will-navigate", event);
      expect(event.preventDefault).toHaveBeenCalled();
    }
    expect(openLink.mock.calls).toEqual([["https://example.com/"]]);
  });

  it("every window.open is denied; an http(s) one is offered to the browser", () => {
    const { contents, openLink } = hardened();
    expect(contents.windowOpenHandler?.({ url: "https://example.com/docs" })).toEqual({ action: "deny" });
    expect(contents.windowOpenHandler?.({ url: "smb://host/share" })).toEqual({ action: "deny" });
    expect(contents.windowOpenHandler?.({ url: "app://inspector/index.html" })).toEqual({ action: "deny" });
    expect(openLink.mock.calls).toEqual([["https://example.com/docs"]]);
  });

  it("webviews are never attached", () => {
    const { contents } = hardened();
    const event = { preventDefault: vi.fn() };
    contents.emit("will-attach-webview", event);
    expect(event.preventDefault).toHaveBeenCalled();
  });

  it("a refused or failing opener does not throw into Electron's event handler", () => {
    const contents = new FakeWebContents();
    hardenWebContents(contents as never, async () => {
      throw new Error("Another link is already waiting for your confirmation");
    });
    expect(() => contents.emit("will-navigate", { url: "https://example.com", preventDefault() {} })).not.toThrow();
  });
});

describe("permissions", () => {
  it("denies every permission request and check, except clipboard writes from the app's own page", () => {
    const ses = { setPermissionRequestHandler: vi.fn(), setPermissionCheckHandler: vi.fn() };
    hardenSession(ses, APP_PAGE_URL);
    const request = ses.setPermissionRequestHandler.mock.calls[0]![0] as (c: unknown, p: string, cb: (g: boolean) => void, d: { requestingUrl?: string }) => void;
    const check = ses.setPermissionCheckHandler.mock.calls[0]![0] as (c: unknown, p: string, origin: string) => boolean;
    const decide = (permission: string, requestingUrl: string) => {
      let granted: boolean | undefined;
      request({}, permission, (g) => (granted = g), { requestingUrl });
      return granted;
    };
    for (const permission of ["media", "geolocation", "notifications", "openExternal", "clipboard-read", "fullscreen", "pointerLock", "unknown"]) {
      expect(decide(permission, APP_PAGE_URL)).toBe(false);
      expect(check({}, permission, "app://inspector")).toBe(false);
    }
    expect(decide("clipboard-sanitized-write", APP_PAGE_URL)).toBe(true);
    expect(check({}, "clipboard-sanitized-write", "app://inspector")).toBe(true);
    expect(decide("clipboard-sanitized-write", "https://evil.example/")).toBe(false);
    expect(check({}, "clipboard-sanitized-write", "https://evil.example")).toBe(false);
  });
});

describe("downloads", () => {
  it("lets the page save the files it made (its own blob: URLs) and cancels any other download", () => {
    const ses = { on: vi.fn() };
    allowOwnDownloads(ses, APP_PAGE_URL);
    expect(ses.on).toHaveBeenCalledWith("will-download", expect.any(Function));
    const listener = ses.on.mock.calls[0]![1] as (event: { preventDefault(): void }, item: { getURL(): string }) => void;
    const cancelled = (url: string) => {
      const event = { preventDefault: vi.fn() };
      listener(event, { getURL: () => url });
      return event.preventDefault.mock.calls.length > 0;
    };
    expect(cancelled("blob:app://inspector/8b1f6c2e-0000-4000-8000-000000000000")).toBe(false);
    expect(cancelled("https://evil.example/payload.exe")).toBe(true);
    expect(cancelled("blob:https://evil.example/8b1f6c2e")).toBe(true);
    expect(cancelled("data:application/octet-stream;base64,AAAA")).toBe(true);
    expect(cancelled("blob:")).toBe(true);
  });
});

describe("the app:// scheme", () => {
  it("is registered as a standard, secure scheme whose scripts V8 may cache between launches", () => {
    expect(APP_SCHEME_PRIVILEGES).toEqual({ scheme: "app", privileges: { standard: true, secure: true, supportFetchAPI: true, corsEnabled: true, codeCache: true } });
  });

  it("maps URLs to files inside the renderer folder only", () => {
    const root = "/app/out/renderer";
    expect(rendererFilePath("app://inspector/index.html", root)).toBe("/app/out/renderer/index.html");
    expect(rendererFilePath("app://inspector/", root)).toBe("/app/out/renderer/index.html");
    expect(rendererFilePath("app://inspector/assets/index-abc.js?x=1#y", root)).toBe("/app/out/renderer/assets/index-abc.js");
    expect(rendererFilePath("app://inspector/assets/a%20b.css", root)).toBe("/app/out/renderer/assets/a b.css");
    // Dot segments the URL parser resolves stay at the folder's root.
    expect(rendererFilePath("app://inspector/../main/index.js", root)).toBe("/app/out/renderer/main/index.js");
    expect(rendererFilePath("app://inspector/%2e%2e/main/index.js", root)).toBe("/app/out/renderer/main/index.js");
    // Encoded slashes survive the parser; decoded, they would climb out of the folder.
    for (const url of [
      "app://inspector/assets/..%2f..%2f..%2fmain%2findex.js",
      "app://inspector/%2e%2e%2f%2e%2e%2fetc%2fpasswd",
      "app://inspector/a%00b",
      "app://inspector/%E0%A4%A",
      "app://elsewhere/index.html",
      "https://inspector/index.html",
    ]) {
      expect(rendererFilePath(url, root), url).toBeUndefined();
    }
  });

  it("serves the built page with the CSP header, and 404s anything else", async () => {
    const dir = await mkdtemp(join(tmpdir(), "renderer-"));
    await mkdir(join(dir, "renderer"));
    await writeFile(join(dir, "renderer", "index.html"), "<!doctype html><title>ok</title>");
    await writeFile(join(dir, "secret.txt"), "outside");
    const readViaFileUrl = async (fileUrl: string) => new Response(await readFile(fileURLToPath(fileUrl)), { headers: { "content-type": "text/html" } });
    const handler = createAppProtocolHandler(join(dir, "renderer"), readViaFileUrl);

    const page = await handler({ url: "app://inspector/index.html" });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("<title>ok</title>");
    expect(page.headers.get("content-security-policy")).toBe(CONTENT_SECURITY_POLICY);
    expect(page.headers.get("content-type")).toBe("text/html");
    expect(page.headers.get("x-content-type-options")).toBe("nosniff");

    expect((await handler({ url: "app://inspector/../secret.txt" })).status).toBe(404);
    expect((await handler({ url: "app://inspector/%2e%2e/secret.txt" })).status).toBe(404);
    expect((await handler({ url: "app://inspector/..%2fsecret.txt" })).status).toBe(404); // exists, but outside
    expect((await handler({ url: "app://inspector/missing.js" })).status).toBe(404);
  });

  it("the CSP allows only our own scripts: no inline, no eval, no remote, nothing framed", () => {
    const directives = new Map(CONTENT_SECURITY_POLICY.split(";").map((d) => d.trim().split(/\s+/)).map(([name, ...values]) => [name!, values]));
    expect(directives.get("script-src")).toEqual(["'self'"]);
    expect(directives.get("default-src")).toEqual(["'self'"]);
    expect(directives.get("object-src")).toEqual(["'none'"]);
    expect(directives.get("frame-ancestors")).toEqual(["'none'"]);
    expect(directives.get("base-uri")).toEqual(["'none'"]);
    expect(directives.get("media-src")).toEqual(["'self'", "data:"]);
    expect(CONTENT_SECURITY_POLICY).not.toMatch(/unsafe-eval|\*|https?:/);
  });
});
