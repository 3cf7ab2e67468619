// The object the preload puts on `window.inspector`: one function per contract method, plus
// onEvents. Built from the names list only (the preload is sandboxed and bundles this file), and
// it never hands the page an ipcRenderer or an IPC event (whose `sender` is the ipcRenderer).
import type { InspectorBridge, InspectorEvent } from "../../shared/contract.js";
import { API_METHOD_NAMES } from "../../shared/channels.js";
import { channelFor, EVENTS_CHANNEL, type IpcReply } from "./constants.js";

export interface IpcRendererLike {
  invoke(channel: string, ...args: unknown[]): Promise<unknown>;
  on(channel: string, listener: (event: unknown, ...args: unknown[]) => void): unknown;
  removeListener(channel: string, listener: (event: unknown, ...args: unknown[]) => void): unknown;
}

/** Turn main's reply back into a value or a thrown Error with main's message. */
export function unwrapReply(reply: unknown): unknown {
  const r = reply as IpcReply | undefined;
  if (r && r.ok === true) return r.value;
  const error = new Error(r && r.ok === false ? r.error.message : "The inspector's main process gave no answer");
  if (r && r.ok === false) {
    error.name = r.error.name;
    if (r.error.code !== undefined) (error as Error & { code?: number }).code = r.error.code;
  }
  throw error;
}

export function createBridge(ipc: IpcRendererLike): InspectorBridge {
  const bridge: Record<string, unknown> = {};
  for (const method of API_METHOD_NAMES) {
    bridge[method] = async (params: unknown) => unwrapReply(await ipc.invoke(channelFor(method), params));
  }
  bridge.onEvents = (listener: (events: InspectorEvent[]) => void) => {
    if (typeof listener !== "function") throw new TypeError("onEvents needs a listener function");
    const forward = (_event: unknown, batch: unknown) => {
      if (Array.isArray(batch)) listener(batch as InspectorEvent[]);
    };
    ipc.on(EVENTS_CHANNEL, forward);
    return () => {
      ipc.removeListener(EVENTS_CHANNEL, forward);
    };
  };
  return bridge as unknown as InspectorBridge;
}
