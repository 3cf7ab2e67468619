// The one way the UI reaches the core: Electron's preload puts the bridge on `window.inspector`;
// in browser mode (`npm run web`) there is none, so the contract goes over the page's WebSocket.
import type { InspectorBridge } from "../../../shared/contract.js";
import { apiUrlFor, createWebSocketBridge, takeToken, type BridgeConnectionState, type ConnectionAwareBridge } from "./webSocketBridge.js";

export type { BridgeConnectionState } from "./webSocketBridge.js";

let bridge: InspectorBridge | undefined;

export function getBridge(): InspectorBridge {
  if (!bridge) {
    const preload = (window as { inspector?: InspectorBridge }).inspector;
    bridge = preload ?? createWebSocketBridge(apiUrlFor(window.location, takeToken(window.location, window.history, window.sessionStorage)));
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
