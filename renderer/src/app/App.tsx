// The window: keeps the store in sync with the core for as long as it is mounted.
import { useEffect, useState } from "react";
import type { InspectorBridge } from "../../../shared/contract.js";
import { createInspectorStore, type InspectorStore } from "../store/inspectorStore.js";
import { InspectorProvider } from "./context.js";
import { Layout } from "./Layout.js";
import { NoAccess } from "./NoAccess.js";
import { startSync } from "./sync.js";

export type BridgeLink =
  | { state: "connecting" }
  | { state: "open"; notice?: string }
  | { state: "reconnecting"; reason: string }
  | { state: "closed"; reason: string; neverOpened?: boolean };

export interface AppProps {
  bridge: InspectorBridge;
  /** A pre-filled store (tests); a fresh one otherwise. */
  store?: InspectorStore;
  /** Reports whether the core is still reachable (browser mode's socket can close). */
  onBridgeConnection?: (listener: (link: BridgeLink) => void) => () => void;
}

/**
 * Whether two links draw the same page: "connecting" draws as "open" with no notice. The socket reports
 * "connecting" as soon as App subscribes, and a fresh object there would draw the whole window twice on start.
 */
function drawnAlike(a: BridgeLink, b: BridgeLink): boolean {
  const drawn = (link: BridgeLink) =>
    link.state === "open" || link.state === "connecting"
      ? `open ${(link.state === "open" && link.notice) || ""}`
      : `${link.state} ${link.reason} ${link.state === "closed" && link.neverOpened === true}`;
  return drawn(a) === drawn(b);
}

export function App({ bridge, store: given, onBridgeConnection }: AppProps) {
  const [store] = useState(() => given ?? createInspectorStore());
  const [loadError, setLoadError] = useState<string>();
  const [link, setLink] = useState<BridgeLink>({ state: "open" });
  /** The link whose notice the user dismissed (a later notice is a new link, and shows). */
  const [dismissed, setDismissed] = useState<BridgeLink>();
  // Each reconnect starts a new sync: events sent while the socket was down are in the fresh snapshot.
  const [generation, setGeneration] = useState(0);

  useEffect(() => startSync(bridge, store, setLoadError), [bridge, store, generation]);
  useEffect(() => {
    let wasDown = false;
    return onBridgeConnection?.((next) => {
      setLink((now) => (drawnAlike(now, next) ? now : next));
      if (next.state === "reconnecting") wasDown = true;
      if (next.state === "open" && wasDown) {
        wasDown = false;
        setLoadError(undefined);
        setGeneration((g) => g + 1);
      }
    });
  }, [onBridgeConnection]);

  // Never connected at all (no token, an old run's token, the inspector stopped): one clear page.
  if (link.state === "closed" && link.neverOpened) return <NoAccess detail={`The browser was told: ${link.reason}.`} />;
  return (
    <InspectorProvider bridge={bridge} store={store}>
      <Layout
        banner={
          link.state === "closed"
            ? `The connection to the inspector core was lost: ${link.reason}. Restart it and reload this page.`
            : link.state === "reconnecting"
              ? `The connection to the inspector core was closed (${link.reason}); reconnecting…`
              : loadError
        }
        notice={link.state === "open" && link.notice && link !== dismissed ? { text: link.notice, dismiss: () => setDismissed(link) } : undefined}
      />
    </InspectorProvider>
  );
}
