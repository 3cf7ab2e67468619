// Settings slice: what main applies; the renderer only shows it and asks main to change it.
import type { InspectorEvent } from "../../../shared/contract.js";
import type { Settings, StorageStatus } from "../../../shared/types.js";

export interface SettingsState {
  settings?: Settings;
  /** From the snapshot: files that could not be loaded as they were, and how secrets are kept. */
  storage?: StorageStatus;
}

export const initialSettingsState: SettingsState = {};

export function reduceSettings(state: SettingsState, event: InspectorEvent): SettingsState {
  if (event.type !== "settingsChanged") return state;
  return { settings: event.payload };
}
