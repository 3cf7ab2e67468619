// Render the whole window against a fake bridge and wait until its first snapshot is in.
import { render, screen, within } from "@testing-library/react";
import type { ApiResult } from "../../shared/contract.js";
import { DEFAULT_SETTINGS } from "../../shared/types.js";
import { App } from "../../renderer/src/app/App.js";
import { createFakeBridge, type FakeBridge } from "./fakeBridge.js";

export type Snapshot = ApiResult<"getSnapshot">;

/**
 * The tabs' own tests answer requests in their tabs: the request dialog (the default) would cover them, so
 * they run with it off. The dialog's tests (requestDialog.test.tsx) pass DEFAULT_SETTINGS.
 */
export const TABS_ONLY_SETTINGS = { ...DEFAULT_SETTINGS, waitingRequestsIn: "panel" as const };

export async function renderApp(snapshot: Partial<Snapshot> = {}, bridge: FakeBridge = createFakeBridge()) {
  bridge.handle("getSnapshot", () => ({
    sessions: [],
    pendingInputs: [],
    clientTasks: [],
    receiverTasks: [],
    settings: TABS_ONLY_SETTINGS,
    ...snapshot,
  }));
  const view = render(<App bridge={bridge} />);
  // hidden: a request dialog open from the first snapshot hides the window behind it from the a11y tree.
  await screen.findByRole("group", { name: "Everything (demo)", hidden: true });
  return { bridge, ...view };
}

export function tabNamed(name: string): HTMLElement {
  return screen.getByRole("tab", { name });
}

/** A server entry's "…" menu → one of its actions ("Edit…", "Diagnose…", "Remove…"), as a user picks it. */
export async function chooseServerAction(user: { click(element: Element): Promise<void> }, serverName: string, action: string): Promise<void> {
  await user.click(within(screen.getByRole("group", { name: serverName })).getByRole("button", { name: `More actions for ${serverName}` }));
  await user.click(await screen.findByRole("menuitem", { name: action }));
}
