// Connecting a saved entry and restarting it, shared by its sidebar entry and the command palette.
import type { InspectorBridge } from "../../../shared/contract.js";
import type { SavedServer } from "../../../shared/types.js";
import { configOf } from "./configText.js";

type Bind = (serverId: string, sessionId: string) => void;

/** Connect the entry; the core reconnects the entry's ended session in its place instead of adding one. */
export async function connectEntry(bridge: InspectorBridge, server: SavedServer, bind: Bind): Promise<void> {
  const info = await bridge.connect({ server: configOf(server), serverId: server.id });
  bind(server.id, info.sessionId);
}

/**
 * Stop the entry's live session and connect it again, in the same session: after a rebuild of a stdio server,
 * its process starts afresh with the entry's config as saved, while the session's runs, log and forms stay.
 */
export async function restartEntry(bridge: InspectorBridge, server: SavedServer, sessionId: string, bind: Bind): Promise<void> {
  await bridge.disconnect({ sessionId });
  await connectEntry(bridge, server, bind);
}

/** "Restart" for a process we start; "Reconnect" for a server at a URL, which we cannot restart. */
export function restartWord(server: SavedServer): "Restart" | "Reconnect" {
  return server.transport.type === "stdio" ? "Restart" : "Reconnect";
}
