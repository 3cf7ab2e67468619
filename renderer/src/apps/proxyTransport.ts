// The page's end of one App's bridge: JSON-RPC with the sandbox proxy frame, in place of ext-apps'
// PostMessageTransport. The View sees no difference. What differs (issue 20 bench, AP4):
// - no console.debug of every message sent, received and ignored (the library has no option to turn it off,
//   and with one App per run on the page, every message was logged once per App);
// - tied to the proxy's origin both ways: only its own window at its own origin is heard, and nothing is
//   posted to the frame once it shows another origin;
// - once the proxy says it is ready, a MessageChannel: one port stays here, the other goes to the proxy
//   (never to the View: the proxy relays the View's messages as data only), so the page no longer hears
//   every App's traffic on its window and each message is one port-to-port hop.
import { parseJSONRPCMessage } from "@modelcontextprotocol/client";
import type { JSONRPCMessage, Transport } from "@modelcontextprotocol/client";

/** What the proxy says first, on the window (ext-apps' sandbox protocol). */
const PROXY_READY = "ui/notifications/sandbox-proxy-ready";
/** Ours: carries the proxy's end of the channel (sandboxProxy.ts). */
export const BRIDGE_PORT = "inspector/bridge-port";

/** The window and origin of one proxy frame; the page's own window hears it. */
export interface ProxyEnd {
  proxy: Pick<Window, "postMessage">;
  /** The proxy's origin, or "*" where its scheme has none to name (then only the window is checked, and no channel). */
  origin: string;
  /** Where `message` events arrive: the page's window. */
  listener: Pick<Window, "addEventListener" | "removeEventListener">;
  /** MessageChannel, replaceable in tests. */
  channel?: () => { port1: MessagePort; port2: MessagePort };
}

export class ProxyTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  private port: MessagePort | undefined;
  private closed = false;

  constructor(private readonly end: ProxyEnd) {}

  private readonly heard = (event: MessageEvent): void => {
    // Another App's proxy, the page itself, or this frame after it left the proxy's origin: not ours.
    if (event.source !== this.end.proxy || (this.end.origin !== "*" && event.origin !== this.end.origin)) return;
    const message = this.parse(event.data);
    if (!message) return;
    // A (re)started proxy: a new channel, before the bridge answers it (the answer goes over it).
    if ("method" in message && message.method === PROXY_READY && this.end.origin !== "*") this.openChannel();
    else if (this.port) return; // with a channel, the proxy speaks over it only
    this.onmessage?.(message);
  };

  private openChannel(): void {
    this.port?.close();
    const { port1, port2 } = (this.end.channel ?? (() => new MessageChannel()))();
    this.port = port1;
    port1.onmessage = (event) => {
      const message = this.parse(event.data);
      if (message && !this.closed) this.onmessage?.(message);
    };
    // AP4: to the proxy's origin only; the View never gets it.
    this.end.proxy.postMessage({ jsonrpc: "2.0", method: BRIDGE_PORT, params: {} }, this.end.origin, [port2]);
  }

  private parse(data: unknown): JSONRPCMessage | undefined {
    try {
      return parseJSONRPCMessage(data);
    } catch (error) {
      // Like the library: what is not JSON-RPC at all is ignored; a broken JSON-RPC message is an error.
      if ((data as { jsonrpc?: unknown } | null)?.jsonrpc === "2.0") this.onerror?.(new Error(`Invalid JSON-RPC message received: ${error instanceof Error ? error.message : String(error)}`));
      return undefined;
    }
  }

  async start(): Promise<void> {
    this.end.listener.addEventListener("message", this.heard);
  }

  async send(message: JSONRPCMessage): Promise<void> {
    if (this.closed) return;
    if (this.port) this.port.postMessage(message);
    // AP4: addressed to the proxy's origin, never "*" where it has one.
    else this.end.proxy.postMessage(message, this.end.origin);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.end.listener.removeEventListener("message", this.heard);
    this.port?.close();
    this.onclose?.();
  }
}
