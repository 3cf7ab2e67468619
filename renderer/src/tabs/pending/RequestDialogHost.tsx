// Decides whether the request dialog is open: a request waits, the user has not set it aside, and the
// setting says dialog (otherwise the docked panel or the tabs show it). Eager and small; the dialog and
// its answer forms are a chunk of their own, fetched right after the first paint so opening does not wait.
// Rendered directly once fetched, never through Suspense: React holds a suspended boundary's content back
// for up to 300 ms after its fallback, which would be the dialog's delay.
import { useEffect, useMemo, useState } from "react";
import "../../styles/requests.css";
import { useBridge, useInspector, useInspectorStore } from "../../app/context.js";
import type { RequestDialogProps } from "./RequestDialog.js";
import { dialogStateOf, oldestFirst, REQUEST_DIALOG_KEY, shownRequest } from "./requestDialogState.js";

type DialogComponent = (props: RequestDialogProps) => React.JSX.Element;

let loaded: DialogComponent | undefined;
let loading: Promise<DialogComponent> | undefined;
function load(): Promise<DialogComponent> {
  return (loading ??= import("./RequestDialog.js").then(
    (module) => (loaded = module.RequestDialog),
    (error: unknown) => {
      loading = undefined; // a failed fetch is tried again by the next window mount
      throw error;
    },
  ));
}

export function preloadRequestDialog(): Promise<unknown> {
  return load();
}

export function RequestDialogHost() {
  const dialogOn = useInspector((s) => s.settings?.waitingRequestsIn !== "panel");
  const pending = useInspector((s) => s.pendingInputs);
  const state = useInspector((s) => s.drafts[REQUEST_DIALOG_KEY]);
  const [Dialog, setDialog] = useState<DialogComponent | undefined>(() => loaded);
  const waiting = useMemo(() => oldestFirst(pending), [pending]);
  const shown = dialogOn ? shownRequest(waiting, dialogStateOf(state)) : undefined;
  // Fetched on a task of its own: this effect can run inside the window's first commit (a split pane that
  // measures itself there makes React flush every effect before the first paint), and the fetch's
  // module-preload links cost that paint a few milliseconds. A request already shown does not wait.
  const wanted = shown !== undefined;
  useEffect(() => {
    if (Dialog) return;
    let live = true;
    const start = () =>
      load().then(
        (component) => live && setDialog(() => component),
        () => {},
      );
    if (wanted) void start();
    const timer = wanted ? undefined : setTimeout(start, 0);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [Dialog, wanted]);
  // A clicked OS notification names the request (the desktop shell's `navigate`): with the dialog on, it
  // opens there too, even if it was set aside.
  const bridge = useBridge();
  const store = useInspectorStore();
  useEffect(
    () =>
      bridge.onEvents((events) => {
        for (const event of events) {
          if (event.type !== "navigate" || !event.payload.itemId) continue;
          const state = store.getState();
          if (state.settings?.waitingRequestsIn === "panel" || !state.pendingInputs.some((p) => p.id === event.payload.itemId)) continue;
          const now = dialogStateOf(state.drafts[REQUEST_DIALOG_KEY]);
          state.setDraft(REQUEST_DIALOG_KEY, { asked: event.payload.itemId, setAside: now.setAside.filter((id) => id !== event.payload.itemId) });
        }
      }),
    [bridge, store],
  );
  if (!shown || !Dialog) return null;
  return <Dialog input={shown} waiting={waiting} />;
}
