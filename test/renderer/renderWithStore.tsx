// Render one part of the UI against a store filled by the test (through the same snapshot/event
// actions the app uses), synchronously: useful with fake timers.
import { render } from "@testing-library/react";
import type { ReactNode } from "react";
import type { InspectorEvent } from "../../shared/contract.js";
import { DEFAULT_SETTINGS } from "../../shared/types.js";
import { InspectorProvider } from "../../renderer/src/app/context.js";
import { NavigationContext } from "../../renderer/src/app/navigation.js";
import type { TabId } from "../../renderer/src/app/tabs.js";
import { createInspectorStore, type Snapshot } from "../../renderer/src/store/inspectorStore.js";
import { createFakeBridge, type FakeBridge } from "./fakeBridge.js";

export function renderWithStore(
  ui: ReactNode,
  { snapshot = {}, events = [], bridge = createFakeBridge(), onSelectTab = () => {} }: { snapshot?: Partial<Snapshot>; events?: InspectorEvent[]; bridge?: FakeBridge; onSelectTab?: (tab: TabId) => void } = {},
) {
  const store = createInspectorStore();
  store.getState().applySnapshot({ sessions: [], pendingInputs: [], clientTasks: [], receiverTasks: [], settings: DEFAULT_SETTINGS, ...snapshot });
  store.getState().applyEvents(events);
  const view = render(
    <InspectorProvider bridge={bridge} store={store}>
      <NavigationContext.Provider value={onSelectTab}>{ui}</NavigationContext.Provider>
    </InspectorProvider>,
  );
  return { store, bridge, ...view };
}
