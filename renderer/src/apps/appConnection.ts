// The host side of one App's bridge, outside React: the official AppBridge (ext-apps `app-bridge`) over a
// ProxyTransport (postMessage with the sandbox proxy frame, at its origin), wrapped so every message is seen (logged with its
// direction, issue 20), bounded (AP12) and the proxy's own "the View ended" note is caught. The callbacks
// say what the page shows; the contract calls go to the View's own session only (AP2, AP8).
import { AppBridge } from "@modelcontextprotocol/ext-apps/app-bridge";
import type { McpUiHostContext } from "@modelcontextprotocol/ext-apps/app-bridge";
import type { JSONRPCMessage, Transport } from "@modelcontextprotocol/client";
import type { InspectorBridge } from "../../../shared/contract.js";
import type { AppView } from "../../../shared/appView.js";
import { displayModeFor, type AppDisplayMode, type AppPermission } from "../../../shared/apps.js";
import { ProxyTransport } from "./proxyTransport.js";
import { viewReportOf, type ViewReport } from "./appReports.js";
import { downloadOf, type DownloadAsk } from "./appDownload.js";

/** AP7: a View that has not said `ui/notifications/initialized` by then is shown as failed. */
export const INITIALIZE_TIMEOUT_MS = 10_000;
/** AP11: how long a View has to answer `ui/resource-teardown`. */
export const TEARDOWN_TIMEOUT_MS = 500;
/** AP12: more messages than this from a View in one second stop it. */
export const MAX_MESSAGES_PER_SECOND = 2000;
/** AP12: a single message from a View larger than this (characters of JSON) stops it. */
export const MAX_MESSAGE_CHARS = 1024 * 1024;
/** Bridge messages kept for the log between flushes (every 100 ms); beyond, they are counted as not logged. */
const LOG_BUFFER = 2000;
/** Bridge messages per logAppMessages call (the contract's bound). */
const LOGGED_PER_CALL = 200;
/** AP10: the View's frame height stays within these bounds whatever it asks for. */
export const MIN_FRAME_HEIGHT = 80;
export const MAX_FRAME_HEIGHT = 1200;

type Direction = "app→host" | "host→app";

export interface AppEvents {
  initialized(): void;
  ended(reason: string): void;
  resized(height: number): void;
  message(text: string): void;
  modelContext(text: string): void;
  refused(what: string): void;
  /** AP10: the View asked for a display mode it declared and the host offers: the page shows it so. */
  displayMode(mode: AppDisplayMode): void;
  /** AP9: ask the user; resolves true when they open it. */
  confirmLink(url: string): Promise<boolean>;
  /** AP13: something went wrong inside the View (the sandbox proxy's report). */
  report?(report: ViewReport): void;
  /** AP16: the View asks to save a file; resolves true when the user saved it. */
  confirmDownload?(ask: DownloadAsk): Promise<boolean>;
  /** AP16: the View asks to be closed (`ui/notifications/request-teardown`): the host runs AP11. */
  requestTeardown?(): void;
}

export interface AppConnectionOptions {
  bridge: InspectorBridge;
  sessionId: string;
  view: AppView;
  frame: HTMLIFrameElement;
  hostContext: McpUiHostContext;
  /** AP6: the permissions the user allowed this View's server (and the View declared); none by default. */
  granted: AppPermission[];
  /** AP16: send the tool input as it would stream (`tool-input-partial`, key by key) before the final tool-input. */
  streamInput?: boolean;
  events: AppEvents;
}

const textOf = (content: unknown): string => {
  const items = Array.isArray(content) ? content : [content];
  return items
    .map((c) => (c && typeof c === "object" && typeof (c as { text?: unknown }).text === "string" ? (c as { text: string }).text : JSON.stringify(c)))
    .join("\n")
    .slice(0, 20_000);
};

/** AP8: the View gets the server's (or the core's) JSON-RPC error code, which the contract carries in its message. */
function withServerCode(error: unknown): Error {
  const message = error instanceof Error ? error.message : String(error);
  const said = /^MCP error (-?\d+): ([\s\S]*)$/.exec(message);
  return Object.assign(new Error(said ? said[2] : message), { code: said ? Number(said[1]) : -32603 });
}

/** Sees every message both ways before the AppBridge does. */
class WatchedTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  constructor(
    private readonly inner: Transport,
    private readonly seen: (direction: Direction, message: JSONRPCMessage) => boolean,
  ) {}
  async start(): Promise<void> {
    this.inner.onmessage = (message) => {
      if (this.seen("app→host", message)) this.onmessage?.(message);
    };
    this.inner.onerror = (error) => this.onerror?.(error);
    this.inner.onclose = () => this.onclose?.();
    await this.inner.start();
  }
  async send(message: JSONRPCMessage): Promise<void> {
    if (this.seen("host→app", message)) await this.inner.send(message);
  }
  async close(): Promise<void> {
    await this.inner.close();
  }
}

export class AppConnection {
  readonly appBridge: AppBridge;
  private ended = false;
  private initialized = false;
  /** AP13: reports the sandbox passed on for this View. */
  private reports = 0;
  private resultSent = false;
  private inputSent = false;
  private cancelReason: string | undefined;
  private readonly pending: { direction: Direction; message: unknown }[] = [];
  private dropped = 0;
  private flushTimer: ReturnType<typeof setInterval>;
  private initTimer: ReturnType<typeof setTimeout>;
  /** AP12: a bucket of two seconds' messages refilled at the rate (the proxy's bound comes first). */
  private tokens = 2 * MAX_MESSAGES_PER_SECOND;
  private refilledAt = 0;
  private toolInput: Record<string, unknown> | undefined;
  private toolResult: Record<string, unknown> | undefined;
  private displayMode: AppDisplayMode = "inline";

  constructor(private options: AppConnectionOptions) {
    const { view, events, bridge, sessionId } = options;
    this.appBridge = new AppBridge(
      null,
      { name: "MCP Task Inspector", version: "0.1.0" },
      {
        openLinks: {},
        serverTools: {},
        serverResources: {},
        logging: {},
        // AP16: the user confirms each save.
        downloadFile: {},
        message: { text: {} },
        updateModelContext: { text: {} },
        // AP7: what the sandbox actually grants: the declared domains kept in the CSP, and the permissions the
        // user allowed (AP6).
        sandbox: { csp: view.ui.csp ?? {}, permissions: Object.fromEntries(options.granted.map((p) => [p, {}])) },
      },
      { hostContext: options.hostContext },
    );
    const app = this.appBridge;
    app.onsandboxready = () => {
      void app.sendSandboxResourceReady({
        html: view.html,
        sandbox: "allow-scripts allow-forms",
        ...(view.ui.csp ? { csp: view.ui.csp } : {}),
        ...(options.granted.length > 0 ? { permissions: Object.fromEntries(options.granted.map((p) => [p, {}])) } : {}),
      });
    };
    app.oninitialized = () => {
      if (this.ended || this.initialized) return;
      this.initialized = true;
      clearTimeout(this.initTimer);
      events.initialized();
      // AP7: tool-input exactly once, then the result when there is one. AP16: where asked, the arguments
      // first as they would stream (one more key each time), then the final tool-input.
      const input = this.toolInput ?? {};
      const send = async () => {
        if (options.streamInput) {
          const keys = Object.keys(input);
          for (let n = 1; n < keys.length; n++) await app.sendToolInputPartial({ arguments: Object.fromEntries(keys.slice(0, n).map((k) => [k, input[k]])) });
        }
        await app.sendToolInput({ arguments: input });
        this.inputSent = true;
        this.sendResultIfReady();
      };
      void send().catch(() => {});
    };
    app.oncalltool = async (params) => {
      try {
        // The View gets the server's result: the keys the inspector adds for its own runs stay here.
        const { inputRounds: _rounds, startedTask: _task, ...result } = await bridge.appCallTool({ sessionId, view: view.uri, name: params.name, arguments: params.arguments ?? {} });
        return result as never;
      } catch (error) {
        events.refused(`tools/call ${params.name}: ${error instanceof Error ? error.message : String(error)}`);
        throw withServerCode(error);
      }
    };
    app.onreadresource = async (params) => {
      try {
        return (await bridge.readResource({ sessionId, uri: params.uri })) as never;
      } catch (error) {
        throw withServerCode(error);
      }
    };
    app.onopenlink = async ({ url }) => {
      if (await events.confirmLink(url)) return {};
      // AP9: denied is an error -32000.
      throw Object.assign(new Error("The user did not open the link"), { code: -32000 });
    };
    app.onmessage = async (params) => {
      events.message(textOf(params.content));
      return {};
    };
    app.onupdatemodelcontext = async (params) => {
      events.modelContext(textOf(params.content ?? params.structuredContent ?? ""));
      return {};
    };
    app.onsizechange = ({ height }) => {
      if (typeof height === "number" && Number.isFinite(height)) events.resized(Math.round(Math.min(MAX_FRAME_HEIGHT, Math.max(MIN_FRAME_HEIGHT, height))));
    };
    // AP10: the mode actually set: one the host offers and the View declared, else the one it has.
    app.onrequestdisplaymode = async ({ mode }) => {
      const hostOffers = this.options.hostContext.availableDisplayModes;
      const now = displayModeFor(mode, app.getAppCapabilities()?.availableDisplayModes, this.displayMode, Array.isArray(hostOffers) ? hostOffers : undefined);
      if (now !== mode) events.refused(`ui/request-display-mode ${String(mode).slice(0, 40)}: not declared in the View's availableDisplayModes, or not offered; stays ${now}`);
      if (now !== this.displayMode) events.displayMode(now);
      return { mode: now };
    };
    // AP16: a save only after the user confirms; denied (or refused) is an error -32000.
    app.ondownloadfile = async (params) => {
      const ask = downloadOf(params);
      const denied = (why: string) => Object.assign(new Error(why), { code: -32000 });
      if (typeof ask === "string") {
        events.refused(`ui/download-file: ${ask}`);
        throw denied(ask);
      }
      if (!(await (events.confirmDownload?.(ask) ?? Promise.resolve(false)))) throw denied("The user did not save the file");
      return {};
    };
    // AP16: the View asks to close; the host tears it down (AP11) as if the user closed it.
    app.onrequestteardown = () => events.requestTeardown?.();
    this.flushTimer = setInterval(() => this.flush(), 100);
    this.initTimer = setTimeout(() => {
      // AP13: with what it did before (the reports above the state say what).
      const before = this.reports > 0 ? `; it reported ${this.reports} problem${this.reports === 1 ? "" : "s"} first (listed under Errors)` : "";
      if (!this.initialized) this.end(`The View did not initialize within ${INITIALIZE_TIMEOUT_MS / 1000} s (no ui/initialize, or no ui/notifications/initialized after it)${before}`);
    }, INITIALIZE_TIMEOUT_MS);
  }

  async connect(): Promise<void> {
    const { frame } = this.options;
    const proxy = frame.contentWindow;
    if (!proxy) throw new Error("The App's frame has no window");
    // The proxy's own origin (its src); a scheme without a serializable origin keeps the source check only.
    const origin = new URL(frame.src, location.href).origin;
    const transport = new ProxyTransport({ proxy, origin: origin === "null" ? "*" : origin, listener: window });
    await this.appBridge.connect(new WatchedTransport(transport, (direction, message) => this.seen(direction, message)));
  }

  /** AP10: the host context changed (theme, container size): the View hears it once it is initialized. */
  hostContextChanged(change: McpUiHostContext): void {
    this.options = { ...this.options, hostContext: { ...this.options.hostContext, ...change } };
    // AP7: nothing reaches the View before it is initialized; the bridge sends only what changed.
    if (this.initialized && !this.ended) this.appBridge.setHostContext(this.options.hostContext);
  }

  /** AP10: the page set a display mode (the View asked, or the user left it): the View hears it. */
  setDisplayMode(mode: AppDisplayMode, containerDimensions: McpUiHostContext["containerDimensions"]): void {
    this.displayMode = mode;
    this.hostContextChanged({ displayMode: mode, ...(containerDimensions ? { containerDimensions } : {}) });
  }

  /** AP7: the tool's arguments; sent once, after initialized. */
  setToolInput(args: Record<string, unknown>): void {
    this.toolInput = args;
  }

  /** AP7: the tool's result; sent after the input, once the View is initialized. */
  setToolResult(result: Record<string, unknown>): void {
    this.toolResult = result;
    this.sendResultIfReady();
  }

  cancelled(reason: string): void {
    this.cancelReason = reason;
    this.sendResultIfReady();
  }

  private sendResultIfReady(): void {
    // AP7: never before the tool-input (which may stream first).
    if (!this.initialized || !this.inputSent || this.resultSent || this.ended) return;
    if (this.toolResult) {
      this.resultSent = true;
      void this.appBridge.sendToolResult(this.toolResult as never);
    } else if (this.cancelReason !== undefined) {
      this.resultSent = true;
      void this.appBridge.sendToolCancelled({ reason: this.cancelReason });
    }
  }

  /** Every message, both ways: logged (bounded), checked (AP12); false stops it here. */
  private seen(direction: Direction, message: JSONRPCMessage): boolean {
    if (this.ended) return false;
    if (direction === "app→host") {
      // Messages that kept to the rate arrive together when this page stalls: a bucket, not a count per second.
      const now = Date.now();
      this.tokens = Math.min(2 * MAX_MESSAGES_PER_SECOND, this.tokens + (this.refilledAt ? ((now - this.refilledAt) * MAX_MESSAGES_PER_SECOND) / 1000 : 0));
      this.refilledAt = now;
      if (this.tokens < 1) {
        this.end(`The View sent more than ${MAX_MESSAGES_PER_SECOND} messages in a second: stopped`);
        return false;
      }
      this.tokens -= 1;
      let size = 0;
      try {
        size = JSON.stringify(message).length;
      } catch {
        size = Infinity;
      }
      if (size > MAX_MESSAGE_CHARS) {
        this.end(`The View sent a message of ${size} characters, over the ${MAX_MESSAGE_CHARS} allowed: stopped`);
        return false;
      }
    }
    this.log(direction, message);
    // A View's request goes to the log before what it causes on the wire (App → host → server reads in order).
    if (direction === "app→host" && "id" in message && "method" in message) this.flush();
    if (direction === "app→host" && (message as { method?: unknown }).method === "inspector/view-report") {
      const report = viewReportOf((message as { params?: unknown }).params);
      if (report) {
        this.reports += 1;
        this.options.events.report?.(report);
      }
      return false;
    }
    if (direction === "app→host" && (message as { method?: unknown }).method === "inspector/view-ended") {
      const reason = (message as { params?: { reason?: unknown } }).params?.reason;
      this.end(typeof reason === "string" ? reason.slice(0, 300) : "The View ended");
      return false;
    }
    return true;
  }

  private log(direction: Direction, message: unknown): void {
    if (this.pending.length >= LOG_BUFFER) this.dropped++;
    else this.pending.push({ direction, message });
  }

  private flush(): void {
    if (this.pending.length === 0 && this.dropped === 0) return;
    const { bridge, sessionId, view } = this.options;
    while (this.pending.length > 0) {
      const messages = this.pending.splice(0, LOGGED_PER_CALL);
      bridge.logAppMessages({ sessionId, view: view.uri, messages }).catch(() => {});
    }
    if (this.dropped > 0) {
      bridge.logAppMessages({ sessionId, view: view.uri, messages: [], dropped: this.dropped }).catch(() => {});
      this.dropped = 0;
    }
  }

  end(reason: string): void {
    if (this.ended) return;
    this.ended = true;
    clearTimeout(this.initTimer);
    this.options.events.ended(reason);
    void this.appBridge.close().catch(() => {});
  }

  /**
   * AP11: `ui/resource-teardown` before the frame goes, waiting a bounded time; then the bridge closes.
   * Resolves true when the View answered in time.
   */
  async dispose(): Promise<boolean> {
    clearTimeout(this.initTimer);
    let answered = false;
    if (this.initialized && !this.ended) {
      answered = await this.appBridge.teardownResource({}, { timeout: TEARDOWN_TIMEOUT_MS }).then(
        () => true,
        () => false,
      );
    }
    this.ended = true;
    this.flush();
    clearInterval(this.flushTimer);
    await this.appBridge.close().catch(() => {});
    return answered;
  }
}
