// A modal dialog whose code (Radix) is not in the first tab's: ModalDialog.tsx is a chunk preloaded once
// the window is idle (lazyTabs.tsx), so a first open is drawn at once. Mount it only while open.
import { Suspense } from "react";
import { lazyPart } from "./lazyPart.js";
import type { ModalProps } from "./ModalDialog.js";

export const modalDialog = lazyPart(() => import("./ModalDialog.js").then((m) => m.ModalDialog));

export function Modal(props: ModalProps) {
  return (
    <Suspense fallback={null}>
      <modalDialog.Component {...props} />
    </Suspense>
  );
}
