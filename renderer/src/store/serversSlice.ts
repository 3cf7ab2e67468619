// Servers slice: the saved servers (the built-in demo entry included), as main lists them.
import type { InspectorEvent } from "../../../shared/contract.js";
import type { SavedServer } from "../../../shared/types.js";

export interface ServersState {
  servers: SavedServer[];
  serversLoaded: boolean;
}

export const initialServersState: ServersState = { servers: [], serversLoaded: false };

export function reduceServers(state: ServersState, event: InspectorEvent): ServersState {
  if (event.type !== "serversChanged") return state;
  return { servers: event.payload, serversLoaded: true };
}
