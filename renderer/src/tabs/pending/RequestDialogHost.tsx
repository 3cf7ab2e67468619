// Decides whether the request dialog is open: a request waits, the user has not set it aside, and the
// setting says dialog (otherwise the docked panel or the tabs show it). Eager and small; the dialog and
// its answer forms are a chunk of their own, fetched when the window is idle so opening does not wait.
import { lazy, Suspense, useEffect, useMemo } from "react";
import { useInspector } from "../../app/context.js";
import "../../styles/requests.css";
import { dialogStateOf, oldestFirst, REQUEST_DIALOG_KEY, shownRequest } from "./requestDialogState.js";

let loading: Promise<typeof import("./RequestDialog.js")> | undefined;
const load = () =>
  (loading ??= import("./RequestDialog.js").catch((error: unknown) => {
    loading = undefined;
    throw error;
  }));
const LazyRequestDialog = lazy(async () => ({ default: (await load()).RequestDialog }));

export function preloadRequestDialog(): Promise<unknown> {
  return load();
}

export function RequestDialogHost() {
  const dialogOn = useInspector((s) => s.settings?.waitingRequestsIn !== "panel");
  const pending = useInspector((s) => s.pendingInputs);
  const state = useInspector((s) => s.drafts[REQUEST_DIALOG_KEY]);
  const waiting = useMemo(() => oldestFirst(pending), [pending]);
  const shown = dialogOn ? shownRequest(waiting, dialogStateOf(state)) : undefined;
  useEffect(() => {
    const start = () => void load().catch(() => {});
    if (typeof requestIdleCallback === "function") {
      const id = requestIdleCallback(start, { timeout: 2000 });
      return () => cancelIdleCallback(id);
    }
    const timer = setTimeout(start, 200);
    return () => clearTimeout(timer);
  }, []);
  if (!shown) return null;
  return (
    <Suspense fallback={null}>
      <LazyRequestDialog input={shown} waiting={waiting} />
    </Suspense>
  );
}
