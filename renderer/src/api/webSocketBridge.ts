// The contract over a WebSocket, for browser mode (main/web/): every API method becomes a `call`
// message answered by a `result`; the core's event batches arrive as `events` messages.
// The renderer cannot tell this bridge from Electron's preload one, except through `onConnection`.
// Method names come from shared/channels.ts, not contract.ts: a runtime import of the contract would
// pull zod and the SDK's schemas into the renderer bundle (about 250 KB of it) for a list of strings.
import { API_METHOD_NAMES, MAX_BRIDGE_MESSAGE_BYTES } from "../../../shared/channels.js";
import type { ApiMethod, InspectorBridge, InspectorEvent } from "../../../shared/contract.js";

export type BridgeConnectionState =
  | { state: "connecting" }
  /** `notice`: what the server said on this socket about the last one (why it dropped it), for the page to show. */
  | { state: "open"; notice?: string }
  /** The socket was closed for `reason` (a clause); a new one is on its way. Calls made now wait for it. */
  | { state: "reconnecting"; reason: string }
  /** The socket is gone; every pending and later call is rejected with `reason` (a clause, no final period). */
  | { state: "closed"; reason: string; neverOpened?: boolean };

/** Close codes after which trying again cannot help: the server is going away, or refused us. */
const FINAL_CLOSE_CODES = new Set([1001]);
/** Waits before each new attempt; after the last one the bridge gives up. */
const RECONNECT_DELAYS_MS = [250, 500, 1000, 2000, 4000];

export interface ConnectionAwareBridge extends InspectorBridge {
  /** Called at once with the current state, then on every change. */
  onConnection(listener: (state: BridgeConnectionState) => void): () => void;
}

/** The parts of the DOM WebSocket this bridge uses, so tests can hand in another implementation. */
export interface WebSocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  addEventListener(type: "open", listener: () => void): void;
  addEventListener(type: "message", listener: (event: { data: unknown }) => void): void;
  addEventListener(type: "close", listener: (event: { code: number; reason: string }) => void): void;
  addEventListener(type: "error", listener: () => void): void;
}

const OPEN = 1;

interface PendingCall {
  method: ApiMethod;
  resolve(value: unknown): void;
  reject(error: Error): void;
}

type ServerMessage =
  | { type: "result"; id: number; ok: true; result: unknown }
  | { type: "result"; id: number; ok: false; error: { message: string } }
  | { type: "events"; events: InspectorEvent[] }
  | { type: "notice"; text: string };

/** The longest notice from the server the page shows. */
const MAX_NOTICE_CHARS = 1000;

/**
 * The API URL with this page's own id (`&page=`), the same on every reconnect: a page the server cut off for
 * falling behind is told so on its next socket (main/web/server.ts).
 */
function withPageId(url: string): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  const id = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  return `${url}${url.includes("?") ? "&" : "?"}page=${id}`;
}

export function createWebSocketBridge(
  url: string,
  openSocket: (url: string) => WebSocketLike = (u) => new WebSocket(u) as unknown as WebSocketLike,
  schedule: (fn: () => void, ms: number) => void = (fn, ms) => void setTimeout(fn, ms),
): ConnectionAwareBridge {
  const pageUrl = withPageId(url);
  let socket: WebSocketLike;
  const pending = new Map<number, PendingCall>();
  /** Calls made while no socket was open; sent in order once one is. */
  const queued: string[] = [];
  const eventListeners = new Set<(events: InspectorEvent[]) => void>();
  const connectionListeners = new Set<(state: BridgeConnectionState) => void>();
  let connection: BridgeConnectionState = { state: "connecting" };
  let nextId = 1;
  let everOpened = false;
  let attempt = 0;

  function setConnection(next: BridgeConnectionState): void {
    connection = next;
    for (const listener of [...connectionListeners]) listener(next);
  }

  function closedError(method: ApiMethod, reason: string): Error {
    return new Error(`${method} failed: the connection to MCP Task Inspector is gone (${reason})`);
  }

  function onMessage(event: { data: unknown }): void {
    let message: ServerMessage;
    try {
      message = JSON.parse(String(event.data)) as ServerMessage;
    } catch {
      console.error("MCP Task Inspector: ignored a message from the server that is not JSON");
      return;
    }
    if (message.type === "events") {
      for (const listener of [...eventListeners]) {
        // One failing listener must not starve the others of the batch.
        try {
          listener(message.events);
        } catch (error) {
          console.error(error);
        }
      }
      return;
    }
    if (message.type === "notice") {
      if (typeof message.text === "string" && connection.state === "open") setConnection({ state: "open", notice: message.text.slice(0, MAX_NOTICE_CHARS) });
      return;
    }
    if (message.type === "result") {
      const call = pending.get(message.id);
      if (!call) return;
      pending.delete(message.id);
      if (message.ok) call.resolve(message.result);
      else call.reject(new Error(message.error.message));
    }
  }

  function open(): void {
    const current = openSocket(pageUrl);
    socket = current;
    current.addEventListener("open", () => {
      everOpened = true;
      attempt = 0;
      for (const message of queued.splice(0)) current.send(message);
      setConnection({ state: "open" });
    });
    current.addEventListener("message", onMessage);
    // A failed socket always closes next; the close handler reports it.
    current.addEventListener("error", () => {});
    current.addEventListener("close", (event) => onClose(event));
  }

  function onClose(event: { code: number; reason: string }): void {
    // A clause, not a sentence: the UI and call errors wrap it in their own words.
    const reason = !everOpened
      ? `could not connect to ${describeUrl(url)}${event.reason ? ` (${event.reason})` : ""}: the inspector may have stopped, or this page's token is not the current run's; open the full URL that was printed when the inspector started`
      : event.reason || `the connection closed (code ${event.code})`;
    // What was in flight on this socket cannot be answered by the next one: the caller hears why.
    for (const [id, call] of pending) {
      pending.delete(id);
      call.reject(closedError(call.method, reason));
    }
    if (everOpened && !FINAL_CLOSE_CODES.has(event.code) && attempt < RECONNECT_DELAYS_MS.length) {
      setConnection({ state: "reconnecting", reason });
      schedule(open, RECONNECT_DELAYS_MS[attempt++]!);
      return;
    }
    queued.length = 0;
    setConnection({ state: "closed", reason, ...(everOpened ? {} : { neverOpened: true }) });
  }

  function call(method: ApiMethod, params: unknown): Promise<unknown> {
    if (connection.state === "closed") return Promise.reject(closedError(method, connection.reason));
    const id = nextId++;
    const message = JSON.stringify({ type: "call", id, method, params: params ?? {} });
    const size = bytesOver(message, MAX_BRIDGE_MESSAGE_BYTES);
    if (size !== undefined) {
      return Promise.reject(
        new Error(`${method} was not sent: it is ${megabytes(size)} MB, over the ${megabytes(MAX_BRIDGE_MESSAGE_BYTES)} MB that browser mode carries in one message`),
      );
    }
    return new Promise((resolve, reject) => {
      pending.set(id, { method, resolve, reject });
      if (connection.state === "open" && socket.readyState === OPEN) socket.send(message);
      else queued.push(message);
    });
  }

  open();
  const bridge = {
    onEvents(listener: (events: InspectorEvent[]) => void) {
      eventListeners.add(listener);
      return () => void eventListeners.delete(listener);
    },
    onConnection(listener: (state: BridgeConnectionState) => void) {
      connectionListeners.add(listener);
      listener(connection);
      return () => void connectionListeners.delete(listener);
    },
  } as Record<string, unknown>;
  for (const method of API_METHOD_NAMES) bridge[method] = (params: unknown) => call(method, params);
  return bridge as unknown as ConnectionAwareBridge;
}

/** The UTF-8 size of `text` when it is over `limit`; undefined otherwise (measured only when it might be). */
function bytesOver(text: string, limit: number): number | undefined {
  if (text.length * 3 <= limit) return undefined;
  const size = new TextEncoder().encode(text).length;
  return size > limit ? size : undefined;
}

function megabytes(bytes: number): string {
  return (bytes / 1_048_576).toFixed(1);
}

const TOKEN_KEY = "mcp-task-inspector-token";

/**
 * This run's token: taken once from the URL `npm run web` printed, kept in the tab's session storage
 * (never a cookie, which the browser would send to every service on 127.0.0.1), and dropped from the
 * address bar so it is not in the history, a bookmark or a screen share. A reload finds it in storage.
 */
export function takeToken(
  location: Pick<Location, "search" | "pathname" | "hash">,
  history: Pick<History, "replaceState">,
  storage: Pick<Storage, "getItem" | "setItem">,
): string {
  const params = new URLSearchParams(location.search);
  const fromUrl = params.get("token");
  if (fromUrl !== null) {
    storage.setItem(TOKEN_KEY, fromUrl);
    params.delete("token");
    const rest = params.toString();
    history.replaceState(null, "", `${location.pathname}${rest ? `?${rest}` : ""}${location.hash}`);
  }
  return storage.getItem(TOKEN_KEY) ?? "";
}

/** The API endpoint for a page served by browser mode: same host, `/api`, this run's token. */
export function apiUrlFor(location: Pick<Location, "protocol" | "host">, token: string): string {
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  return `${scheme}//${location.host}/api?token=${encodeURIComponent(token)}`;
}

/** The URL without its secret, for messages a user may paste somewhere. */
function describeUrl(url: string): string {
  return url.replace(/([?&]token=)[^&]*/, "$1…");
}
