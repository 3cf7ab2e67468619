// The window: keeps the store in sync with the core for as long as it is mounted.
import { useEffect, useState } from "react";
import type { InspectorBridge } from "../../../shared/contract.js";
import { createInspectorStore, type InspectorStore } from "../store/inspectorStore.js";
import { InspectorProvider } from "./context.js";
import { Layout } from "./Layout.js";
import { startSync } from "./sync.js";

export type BridgeLink = { state: "connecting" } | { state: "open" } | { state: "closed"; reason: string };

export interface AppProps {
  bridge: InspectorBridge;
  /** A pre-filled store (tests); a fresh one otherwise. */
  store?: InspectorStore;
  /** Reports whether the core is still reachable (browser mode's socket can close). */
  onBridgeConnection?: (listener: (link: BridgeLink) => void) => () => void;
}

export function App({ bridge, store: given, onBridgeConnection }: AppProps) {
  const [store] = useState(() => given ?? createInspectorStore());
  const [loadError, setLoadError] = useState<string>();
  const [link, setLink] = useState<BridgeLink>({ state: "open" });

  useEffect(() => startSync(bridge, store, setLoadError), [bridge, store]);
  useEffect(() => onBridgeConnection?.(setLink), [onBridgeConnection]);

  return (
    <InspectorProvider bridge={bridge} store={store}>
      <Layout
        banner={
          link.state === "closed"
            ? `The connection to the inspector core was lost: ${link.reason}. Restart it and reload this page.`
            : loadError
        }
      />
    </InspectorProvider>
  );
}
