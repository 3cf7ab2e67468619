// The page's end of an App's bridge (renderer/src/apps/proxyTransport.ts), with fake windows: which messages
// it hears (AP4: its own proxy's window at the proxy's origin only), where it posts (the proxy's origin, then
// a MessageChannel whose other end goes to the proxy alone), and that it writes nothing to the console.
import { afterEach, describe, expect, it, vi } from "vitest";
import type { JSONRPCMessage } from "@modelcontextprotocol/client";
import { BRIDGE_PORT, ProxyTransport } from "../../renderer/src/apps/proxyTransport.js";

const ORIGIN = "http://127.0.0.1:4100";
const READY = { jsonrpc: "2.0", method: "ui/notifications/sandbox-proxy-ready", params: {} };

function setUp(origin = ORIGIN) {
  const posted: { message: unknown; target: string; transfer?: Transferable[] }[] = [];
  const proxy = { postMessage: (message: unknown, target: string, transfer?: Transferable[]) => void posted.push({ message, target, transfer }) } as unknown as Window;
  let listener: ((event: MessageEvent) => void) | undefined;
  const window = {
    addEventListener: (_: string, fn: (event: MessageEvent) => void) => void (listener = fn),
    removeEventListener: () => void (listener = undefined),
  } as unknown as Window;
  const channels: MessageChannel[] = [];
  const transport = new ProxyTransport({ proxy, origin, listener: window, channel: () => channels[channels.push(new MessageChannel()) - 1]! });
  const heard: JSONRPCMessage[] = [];
  const errors: Error[] = [];
  transport.onmessage = (m) => void heard.push(m);
  transport.onerror = (e) => void errors.push(e);
  const deliver = (data: unknown, from: { source?: unknown; origin?: string } = {}) =>
    listener?.({ data, source: "source" in from ? from.source : proxy, origin: from.origin ?? ORIGIN } as MessageEvent);
  return { transport, posted, deliver, heard, errors, channels, proxy };
}

const closers: (() => unknown)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

describe("ProxyTransport: the page's end of an App's bridge", () => {
  it("AP4: hears its own proxy's window at the proxy's origin only; another frame, another origin and what is not JSON-RPC are ignored, broken JSON-RPC is an error", async () => {
    const { transport, deliver, heard, errors } = setUp();
    closers.push(() => transport.close());
    await transport.start();
    const request = { jsonrpc: "2.0", id: 1, method: "ui/initialize", params: {} };
    deliver(request, { source: {} }); // another App's proxy
    deliver(request, { origin: "http://127.0.0.1:4200" }); // the frame, now at another origin
    deliver("hello"); // not JSON-RPC
    deliver({ jsonrpc: "2.0", id: {} }); // JSON-RPC, broken
    expect(heard).toEqual([]);
    expect(errors).toHaveLength(1);
    deliver(request);
    expect(heard).toEqual([request]);
  });

  it("AP4: posts to the proxy's origin, never \"*\"; once the proxy is ready, hands it one end of a MessageChannel and speaks over the other only", async () => {
    const { transport, posted, deliver, heard, channels } = setUp();
    closers.push(() => transport.close());
    await transport.start();
    await transport.send({ jsonrpc: "2.0", method: "early", params: {} });
    expect(posted).toEqual([{ message: { jsonrpc: "2.0", method: "early", params: {} }, target: ORIGIN, transfer: undefined }]);

    deliver(READY);
    expect(heard).toEqual([READY]);
    expect(channels).toHaveLength(1);
    expect(posted[1]).toEqual({ message: { jsonrpc: "2.0", method: BRIDGE_PORT, params: {} }, target: ORIGIN, transfer: [channels[0]!.port2] });

    // The proxy's end: what the page sends arrives there, not on the window.
    const proxyEnd = channels[0]!.port2;
    const atProxy = new Promise<unknown>((resolve) => (proxyEnd.onmessage = (e) => resolve(e.data)));
    await transport.send({ jsonrpc: "2.0", id: 7, result: {} });
    expect(posted).toHaveLength(2);
    expect(await atProxy).toEqual({ jsonrpc: "2.0", id: 7, result: {} });

    // What the proxy says over the channel is heard; the window is no longer listened to.
    const fromProxy = new Promise<void>((resolve) => {
      transport.onmessage = (m) => (heard.push(m), resolve());
    });
    deliver({ jsonrpc: "2.0", method: "over-the-window", params: {} });
    proxyEnd.postMessage({ jsonrpc: "2.0", method: "over-the-port", params: {} });
    await fromProxy;
    expect(heard.map((m) => ("method" in m ? m.method : ""))).toEqual([READY.method, "over-the-port"]);
    proxyEnd.close();
  });

  it("AP4: where the proxy's scheme has no origin to name, it keeps to the window (no channel) and checks the window only", async () => {
    const { transport, posted, deliver, heard, channels } = setUp("*");
    closers.push(() => transport.close());
    await transport.start();
    deliver(READY, { origin: "null" });
    await transport.send({ jsonrpc: "2.0", id: 1, result: {} });
    expect(heard).toEqual([READY]);
    expect(channels).toHaveLength(0);
    expect(posted).toEqual([{ message: { jsonrpc: "2.0", id: 1, result: {} }, target: "*", transfer: undefined }]);
  });

  it("issue 20: sending and hearing messages writes nothing to the console (ext-apps' transport logged each one)", async () => {
    const spies = (["debug", "log", "info", "warn", "error"] as const).map((level) => vi.spyOn(console, level));
    const { transport, deliver } = setUp();
    closers.push(() => transport.close());
    await transport.start();
    deliver({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "x" } }, { source: {} });
    deliver({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "x" } });
    await transport.send({ jsonrpc: "2.0", id: 1, result: {} });
    for (const spy of spies) {
      expect(spy).not.toHaveBeenCalled();
      spy.mockRestore();
    }
  });

  it("closes once: the channel and the listener go, onclose is called, later sends go nowhere", async () => {
    const { transport, posted, deliver, heard } = setUp();
    await transport.start();
    deliver(READY);
    let closed = 0;
    transport.onclose = () => void closed++;
    await transport.close();
    await transport.close();
    await transport.send({ jsonrpc: "2.0", id: 1, result: {} });
    deliver({ jsonrpc: "2.0", method: "late", params: {} });
    expect(closed).toBe(1);
    expect(posted).toHaveLength(1); // the port only
    expect(heard).toHaveLength(1); // the ready only
  });
});
