// The bridge and the store reach components through context, so component tests hand in a fake
// bridge and a fresh store, and nothing below the entry point knows which transport it has.
import { createContext, useContext, type ReactNode } from "react";
import { useStore } from "zustand";
import type { InspectorBridge } from "../../../shared/contract.js";
import type { InspectorState, InspectorStore } from "../store/inspectorStore.js";

const BridgeContext = createContext<InspectorBridge | null>(null);
const StoreContext = createContext<InspectorStore | null>(null);

export function InspectorProvider({ bridge, store, children }: { bridge: InspectorBridge; store: InspectorStore; children: ReactNode }) {
  return (
    <BridgeContext.Provider value={bridge}>
      <StoreContext.Provider value={store}>{children}</StoreContext.Provider>
    </BridgeContext.Provider>
  );
}

export function useBridge(): InspectorBridge {
  const bridge = useContext(BridgeContext);
  if (!bridge) throw new Error("useBridge outside InspectorProvider");
  return bridge;
}

export function useInspectorStore(): InspectorStore {
  const store = useContext(StoreContext);
  if (!store) throw new Error("useInspectorStore outside InspectorProvider");
  return store;
}

/** Select from the store; the selector must return a stable value (a slice field, not a new object). */
export function useInspector<T>(selector: (state: InspectorState) => T): T {
  return useStore(useInspectorStore(), selector);
}
