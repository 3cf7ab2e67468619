// A modal dialog (its own chunk, with Radix: fetched when one first opens, or once the window is idle):
// focus moves in and is kept there, Escape or a click outside closes it, and focus goes back to the button
// that opened it. The image zoom, Diagnose and Save to collection use it; `Modal` (Modal.tsx) mounts it.
import * as Dialog from "@radix-ui/react-dialog";
import type { ReactNode, RefObject } from "react";

export interface ModalProps {
  onClose(): void;
  /** The dialog's name, shown as its heading unless `titleClassName` hides it. */
  title: ReactNode;
  titleClassName?: string;
  className: string;
  overlayClassName: string;
  /** Where focus goes when it closes (the dialog is unmounted on close, so Radix cannot tell). */
  opener: RefObject<HTMLElement | null>;
  children: ReactNode;
}

export function ModalDialog({ onClose, title, titleClassName, className, overlayClassName, opener, children }: ModalProps) {
  return (
    <Dialog.Root open onOpenChange={(next) => !next && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className={overlayClassName} />
        <Dialog.Content
          className={className}
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            opener.current?.focus();
          }}
        >
          <Dialog.Title {...(titleClassName ? { className: titleClassName } : {})}>{title}</Dialog.Title>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
