// Settings open in a dialog of their own (not squeezed into the sidebar): the sidebar's Settings button
// opens and closes it. Only the button is in the first tab's code; the dialog is a chunk preloaded once the window is idle.
import { Suspense, useState } from "react";
import { lazyPart } from "../components/lazyPart.js";

export const settingsDialogBody = lazyPart(() => import("./SettingsDialogBody.js").then((m) => m.SettingsDialogBody));

export function SettingsDialog() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="settings-button" aria-haspopup="dialog" aria-expanded={open} onClick={() => setOpen((now) => !now)}>
        Settings
      </button>
      {open && (
        <Suspense fallback={null}>
          <settingsDialogBody.Component onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
