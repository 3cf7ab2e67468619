// The Settings dialog (its own chunk): not modal, so the Settings button still closes it; Escape closes it
// too, and focus goes back to where it was.
import * as Dialog from "@radix-ui/react-dialog";
import { useRef } from "react";
import { SettingsPanel } from "./SettingsPanel.js";
import { focusBack, focusedElement } from "../components/focusReturn.js";

export function SettingsDialogBody({ onClose }: { onClose(): void }) {
  const opener = useRef<HTMLElement | null>(null);
  return (
    <Dialog.Root open modal={false} onOpenChange={(next) => !next && onClose()}>
      <Dialog.Portal>
        <Dialog.Content
          className="settings-dialog"
          aria-describedby={undefined}
          onOpenAutoFocus={() => {
            opener.current = focusedElement();
          }}
          onCloseAutoFocus={(e) => {
            e.preventDefault();
            focusBack(opener.current);
          }}
          onInteractOutside={(e) => e.preventDefault()}
        >
          <div className="settings-dialog-head">
            <Dialog.Title>Inspector settings</Dialog.Title>
            <button type="button" aria-label="Close settings" onClick={onClose}>
              Close
            </button>
          </div>
          <div className="settings-dialog-body">
            <SettingsPanel />
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
