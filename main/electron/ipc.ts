// The Electron adapter of the contract, generated from its method list: one `ipcMain.handle` per
// method, and one event channel fed through the per-frame batcher. Sender, channel and payload are
// validated here and nowhere else (like VS Code's validatedIpcMain); the core does the work.
import { API_METHODS, parseApiParams, type ApiMethod, type InspectorEvent } from "../../shared/contract.js";
import { EventBatcher } from "../core/eventBatcher.js";
import type { Timers } from "../core/ports.js";
import { channelFor, EVENTS_CHANNEL, type IpcReply } from "./constants.js";

/** The part of `ipcMain` the adapter uses, so tests can hand in a fake. */
export interface IpcMainLike {
  handle(channel: string, listener: (event: InvokeEventLike, ...args: unknown[]) => Promise<unknown>): void;
  removeHandler(channel: string): void;
}

/** What we read from an `IpcMainInvokeEvent`. */
export interface InvokeEventLike {
  senderFrame: { url: string; parent: unknown } | null;
}

export interface Dispatcher {
  dispatch(method: ApiMethod, rawParams: unknown): Promise<unknown>;
}

export interface EventSource {
  subscribe(listener: (event: InspectorEvent) => void): () => void;
}

/** `${protocol}//${host}` for any URL; WHATWG gives custom schemes an opaque "null" origin, so we build it. */
export function pageOrigin(url: string): string | undefined {
  try {
    const parsed = new URL(url);
    return parsed.host ? `${parsed.protocol}//${parsed.host}` : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A call is trusted only from the top frame of a page on the app's own origin: not an iframe, not a
 * page the window was somehow navigated to, not a frame that is already gone (senderFrame null).
 */
export function isTrustedSender(frame: InvokeEventLike["senderFrame"], appPageUrl: string): boolean {
  if (!frame || frame.parent) return false;
  const expected = pageOrigin(appPageUrl);
  return expected !== undefined && pageOrigin(frame.url) === expected;
}

export class UntrustedSenderError extends Error {
  override name = "UntrustedSenderError";
}

/** Errors cross as name + message (+ the JSON-RPC code when there is one), never a stack. */
export function toReplyError(error: unknown): Extract<IpcReply, { ok: false }>["error"] {
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code;
    return { name: error.name, message: error.message, ...(typeof code === "number" ? { code } : {}) };
  }
  return { name: "Error", message: String(error) };
}

/** Validate one invoke: sender first, then the payload against the method's schema; only then dispatch. */
export async function handleInvoke(
  method: ApiMethod,
  event: InvokeEventLike,
  raw: unknown,
  core: Dispatcher,
  appPageUrl: string,
): Promise<IpcReply> {
  try {
    if (!isTrustedSender(event.senderFrame, appPageUrl)) {
      throw new UntrustedSenderError(`Refused ${method}: the call did not come from the inspector's own page`);
    }
    // Parse here, at the trust boundary, so a malformed payload is answered before anything runs.
    parseApiParams(method, raw);
    return { ok: true, value: await core.dispatch(method, raw) };
  } catch (error) {
    return { ok: false, error: toReplyError(error) };
  }
}

/** Register every contract method; returns the function that removes them all again. */
export function registerApiHandlers(ipcMain: IpcMainLike, core: Dispatcher, appPageUrl: string): () => void {
  const channels: string[] = [];
  // Only the contract's channels exist; an invoke on any other has no handler and fails in Electron.
  for (const method of API_METHODS) {
    const channel = channelFor(method);
    ipcMain.handle(channel, (event, raw) => handleInvoke(method, event, raw, core, appPageUrl));
    channels.push(channel);
  }
  return () => {
    for (const channel of channels) ipcMain.removeHandler(channel);
  };
}

/** The part of `webContents` the event stream uses. */
export interface WebContentsLike {
  send(channel: string, ...args: unknown[]): void;
  isDestroyed(): boolean;
  once(event: "destroyed", listener: () => void): unknown;
}

export interface EventStream {
  /** Queue an event the shell itself produces (navigate), in order with the core's. */
  push(event: InspectorEvent): void;
  dispose(): void;
}

/**
 * Forward the core's events to one window, at most one batch per frame, in order. The subscription
 * belongs to the webContents, not the page: a reload keeps the one subscription (the new page
 * re-attaches its listener through the preload), and it ends when the webContents is destroyed.
 */
export function attachEventStream(contents: WebContentsLike, source: EventSource, timers: Timers, now: () => number): EventStream {
  const batcher = new EventBatcher(
    (batch) => {
      if (!contents.isDestroyed()) contents.send(EVENTS_CHANNEL, batch);
    },
    timers,
    now,
  );
  const unsubscribe = source.subscribe((event) => batcher.push(event));
  let disposed = false;
  const dispose = () => {
    if (disposed) return;
    disposed = true;
    unsubscribe();
    batcher.dispose();
  };
  contents.once("destroyed", dispose);
  return {
    push: (event) => {
      if (!disposed) batcher.push(event);
    },
    dispose,
  };
}
