// A drawer over the right of the workspace, under the tab bar (Server facts, a task's timeline). Nothing
// of it is in the first tab's code: its dialog (Radix) is a chunk of its own, preloaded once the window
// is idle.
import { Suspense, type ReactNode } from "react";
import { lazyPart } from "./lazyPart.js";

export { DrawerHostContext } from "./drawerHost.js";

export const drawerDialog = lazyPart(() => import("./DrawerDialog.js").then((m) => m.DrawerDialog));

export function Drawer(props: { open: boolean; onClose(): void; title: string; className?: string; children: ReactNode }) {
  if (!props.open) return null;
  return (
    <Suspense fallback={null}>
      <drawerDialog.Component {...props} />
    </Suspense>
  );
}
