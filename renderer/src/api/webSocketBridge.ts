// The contract over a WebSocket, for browser mode (main/web/): every API method becomes a `call`
// message answered by a `result`; the core's event batches arrive as `events` messages.
// The renderer cannot tell this bridge from Electron's preload one, except through `onConnection`.
// Method names come from shared/channels.ts, not contract.ts: a runtime import of the contract would
// pull zod and the SDK's schemas into the renderer bundle (about 250 KB of it) for a list of strings.
import { API_METHOD_NAMES } from "../../../shared/channels.js";
import type { ApiMethod, InspectorBridge, InspectorEvent } from "../../../shared/contract.js";

export type BridgeConnectionState =
  | { state: "connecting" }
  | { state: "open" }
  /** The socket is gone; every pending and later call is rejected with `reason` (a clause, no final period). */
  | { state: "closed"; reason: string };

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
  | { type: "events"; events: InspectorEvent[] };

export function createWebSocketBridge(
  url: string,
  openSocket: (url: string) => WebSocketLike = (u) => new WebSocket(u) as unknown as WebSocketLike,
): ConnectionAwareBridge {
  const socket = openSocket(url);
  const pending = new Map<number, PendingCall>();
  /** Calls made before the socket opened; sent in order once it does. */
  const queued: string[] = [];
  const eventListeners = new Set<(events: InspectorEvent[]) => void>();
  const connectionListeners = new Set<(state: BridgeConnectionState) => void>();
  let connection: BridgeConnectionState = { state: "connecting" };
  let nextId = 1;

  function setConnection(next: BridgeConnectionState): void {
    connection = next;
    for (const listener of [...connectionListeners]) listener(next);
  }

  function closedError(method: ApiMethod, reason: string): Error {
    return new Error(`${method} failed: the connection to MCP Task Inspector is gone (${reason})`);
  }

  socket.addEventListener("open", () => {
    for (const message of queued.splice(0)) socket.send(message);
    setConnection({ state: "open" });
  });

  socket.addEventListener("message", (event) => {
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
    if (message.type === "result") {
      const call = pending.get(message.id);
      if (!call) return;
      pending.delete(message.id);
      if (message.ok) call.resolve(message.result);
      else call.reject(new Error(message.error.message));
    }
  });

  // A failed socket always closes next; the close handler reports it.
  socket.addEventListener("error", () => {});

  socket.addEventListener("close", (event) => {
    // A clause, not a sentence: the UI and call errors wrap it in their own words.
    const reason =
      connection.state === "connecting"
        ? `could not connect to ${describeUrl(url)}${event.reason ? ` (${event.reason})` : ""}: the server may have stopped, or this page's token is not the current run's; open the URL that \`npm run web\` printed`
        : event.reason || "the browser-mode server stopped or could not be reached";
    queued.length = 0;
    for (const [id, call] of pending) {
      pending.delete(id);
      call.reject(closedError(call.method, reason));
    }
    setConnection({ state: "closed", reason });
  });

  function call(method: ApiMethod, params: unknown): Promise<unknown> {
    if (connection.state === "closed") return Promise.reject(closedError(method, connection.reason));
    const id = nextId++;
    const message = JSON.stringify({ type: "call", id, method, params: params ?? {} });
    return new Promise((resolve, reject) => {
      pending.set(id, { method, resolve, reject });
      if (socket.readyState === OPEN) socket.send(message);
      else queued.push(message);
    });
  }

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

/** The API endpoint for a page served by browser mode: same host, `/api`, the page's own token. */
export function apiUrlFromLocation(location: Pick<Location, "protocol" | "host" | "search">): string {
  const token = new URLSearchParams(location.search).get("token") ?? "";
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  return `${scheme}//${location.host}/api?token=${encodeURIComponent(token)}`;
}

/** The URL without its secret, for messages a user may paste somewhere. */
function describeUrl(url: string): string {
  return url.replace(/([?&]token=)[^&]*/, "$1…");
}
