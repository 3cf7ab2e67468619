// @vitest-environment happy-dom
// AP6: the sandbox proxy's script gives the View's frame the permissions its URL names (`allow=`, what the
// user allowed), as Permissions Policy features delegated to the View, and never a feature it does not know.
import { afterEach, describe, expect, it, onTestFinished, vi } from "vitest";
import { PROXY_MAX_MESSAGES_PER_SECOND, PROXY_MAX_WAITING, PROXY_MAX_WAITING_CHARS, PROXY_SCRIPT, proxyPage } from "../../main/core/apps/sandboxProxy.js";

// The inspector page is the proxy's parent; here the test window plays both.
const HOST = window.location.origin;

function runProxy(allow: string | undefined): HTMLIFrameElement {
  window.history.replaceState(null, "", `/proxy.html?host=${encodeURIComponent(HOST)}${allow !== undefined ? `&allow=${encodeURIComponent(allow)}` : ""}`);
  document.head.innerHTML = new DOMParser().parseFromString(proxyPage("default-src 'none'"), "text/html").head.innerHTML.replace(/<script[^>]*><\/script>/, "");
  new Function(PROXY_SCRIPT)();
  window.dispatchEvent(new MessageEvent("message", { data: { jsonrpc: "2.0", method: "ui/notifications/sandbox-resource-ready", params: { html: "<p>view</p>" } }, source: window, origin: HOST }));
  return document.querySelector<HTMLIFrameElement>('iframe[title="MCP App View"]')!;
}

afterEach(() => {
  document.body.innerHTML = "";
  vi.useRealTimers();
});

describe("the sandbox proxy's View frame", () => {
  it("AP6: no allow list unless the proxy URL names permissions; then exactly the known ones, delegated to the View", () => {
    expect(runProxy(undefined).getAttribute("allow")).toBeNull();
    document.body.innerHTML = "";
    const frame = runProxy("clipboard-write,usb,camera,geolocation *;payment");
    expect(frame.getAttribute("allow")).toBe("clipboard-write *; camera *");
    expect(frame.getAttribute("sandbox")).toBe("allow-scripts allow-forms");
  });
});

describe("the sandbox proxy's rate bound (AP12)", () => {
  /** `count` messages from the View, all read in one turn, as after a stall of the proxy's process. */
  const fromView = (frame: HTMLIFrameElement, count: number) => {
    for (let i = 0; i < count; i++) {
      window.dispatchEvent(new MessageEvent("message", { data: { jsonrpc: "2.0", method: "notifications/message", params: { level: "debug", data: i } }, source: frame.contentWindow }));
    }
  };
  const viewFrame = () => document.querySelector('iframe[title="MCP App View"]');

  it("AP12: a View that kept to the rate is not stopped when its messages arrive together (they go on at the rate); one too far over it is", async () => {
    vi.useFakeTimers({ toFake: ["Date", "setTimeout"] });
    vi.setSystemTime(new Date("2026-11-28T12:00:00Z"));
    const ended: string[] = [];
    let crossed = 0;
    const frame = runProxy(undefined);
    const onMessage = (event: MessageEvent) => {
      if (event.data?.method === "inspector/view-ended") ended.push(event.data.params.reason);
      if (event.data?.method === "notifications/message" && event.origin === HOST) crossed += 1;
    };
    window.addEventListener("message", onMessage);
    onTestFinished(() => window.removeEventListener("message", onMessage));
    // 0.6 s of a busy View (1,000 a second) read at once: ending it past 200 in 100 ms did that here.
    const start = Date.now();
    fromView(frame, 600);
    expect(viewFrame()).not.toBeNull();
    // A tenth of a second's worth crosses at once, the rest at the rate (2,000 a second): 400 take 0.2 s.
    await vi.waitFor(() => expect(crossed).toBe(600), { timeout: 5000, interval: 10 });
    expect(Date.now() - start).toBeGreaterThanOrEqual(200);
    expect(ended).toEqual([]);
    // Then the burst and as many as may wait, at once, are still waited out.
    await vi.advanceTimersByTimeAsync(1000);
    fromView(frame, PROXY_MAX_MESSAGES_PER_SECOND / 10 + PROXY_MAX_WAITING);
    expect(viewFrame()).not.toBeNull();
    // One more waiting is too many: the View is ended, with the reason; of these, only the burst crossed.
    fromView(frame, 1);
    expect(viewFrame()).toBeNull();
    await vi.waitFor(() => expect(ended).toHaveLength(1), { timeout: 5000, interval: 10 });
    await vi.waitFor(() => expect(crossed).toBe(600 + PROXY_MAX_MESSAGES_PER_SECOND / 10), { timeout: 5000, interval: 10 });
    await vi.advanceTimersByTimeAsync(1000);
    expect(crossed).toBe(600 + PROXY_MAX_MESSAGES_PER_SECOND / 10);
    expect(ended).toEqual([`The View sent more than ${PROXY_MAX_MESSAGES_PER_SECOND} messages in a second: stopped by the sandbox`]);
  });

  it("AP12: what waits its turn is bounded by characters too: a burst of big messages over the rate ends the View", async () => {
    vi.useFakeTimers({ toFake: ["Date", "setTimeout"] });
    vi.setSystemTime(new Date("2026-11-28T12:00:00Z"));
    const ended: string[] = [];
    const frame = runProxy(undefined);
    const onMessage = (event: MessageEvent) => {
      if (event.data?.method === "inspector/view-ended") ended.push(event.data.params.reason);
    };
    window.addEventListener("message", onMessage);
    onTestFinished(() => window.removeEventListener("message", onMessage));
    fromView(frame, PROXY_MAX_MESSAGES_PER_SECOND / 10);
    const big = "x".repeat(900 * 1024);
    for (let i = 0; i < 4; i++) window.dispatchEvent(new MessageEvent("message", { data: { jsonrpc: "2.0", method: "notifications/message", params: { level: "debug", data: big } }, source: frame.contentWindow }));
    expect(viewFrame()).not.toBeNull();
    window.dispatchEvent(new MessageEvent("message", { data: { jsonrpc: "2.0", method: "notifications/message", params: { level: "debug", data: big } }, source: frame.contentWindow }));
    expect(viewFrame()).toBeNull();
    await vi.waitFor(() => expect(ended).toEqual([`The View sent more than ${PROXY_MAX_WAITING_CHARS} characters faster than the rate of ${PROXY_MAX_MESSAGES_PER_SECOND} messages a second: stopped by the sandbox`]), { timeout: 5000, interval: 10 });
  });
});
