// @vitest-environment happy-dom
// AP6: the sandbox proxy's script gives the View's frame the permissions its URL names (`allow=`, what the
// user allowed), as Permissions Policy features delegated to the View, and never a feature it does not know.
import { afterEach, describe, expect, it } from "vitest";
import { PROXY_SCRIPT, proxyPage } from "../../main/core/apps/sandboxProxy.js";

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
