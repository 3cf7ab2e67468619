// The one way the UI reaches the core: Electron's preload puts the bridge on `window.inspector`;
// in browser mode (`npm run web`) there is none, so the contract goes over the page's WebSocket.
import type { InspectorBridge } from "../../../shared/contract.js";
import { apiUrlFor, createWebSocketBridge, takeToken, type BridgeConnectionState, type ConnectionAwareBridge } from "./webSocketBridge.js";

export type { BridgeConnectionState } from "./webSocketBridge.js";

let bridge: InspectorBridge | undefined;

/** Thrown when a browser tab has no token to present: the page then says which URL to open. */
export class NoTokenError extends Error {
  constructor() {
    super("This page was opened without its access token.");
    this.name = "NoTokenError";
  }
}

export function getBridge(): InspectorBridge {
  if (!bridge) {
    const preload = (window as { inspector?: InspectorBridge }).inspector;
    if (preload) bridge = preload;
    else {
      const token = takeToken(window.location, window.history, window.sessionStorage);
      // No token, no connection: the page says what to open instead of trying and failing.
      if (!token) throw new NoTokenError();
      bridge = createWebSocketBridge(apiUrlFor(window.location, token));
    }
  }
  return bridge;
}

/**
 * Whether the UI can still reach the core. The preload bridge lives as long as the window, so it is
 * always open; the WebSocket one closes when the `npm run web` process stops.
 */
export function onBridgeConnection(listener: (state: BridgeConnectionState) => void): () => void {
  const current = getBridge();
  if ("onConnection" in current) return (current as ConnectionAwareBridge).onConnection(listener);
  listener({ state: "open" });
  return () => {};
}
