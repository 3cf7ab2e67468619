// The drawer itself (its own chunk, with Radix: loaded when a drawer first opens). A drawer over the right of the workspace (below the tab bar, never over it): Server facts, a task's
// timeline. Radix's dialog gives the focus handling: focus moves in when it opens, Escape closes it,
// and focus goes back to where it was. Not modal: the tab underneath stays usable (a Tasks row's other
// Timeline button swaps what the drawer shows), so a click outside does not close it either.
import * as Dialog from "@radix-ui/react-dialog";
import { useContext, useEffect, useRef, useState, type ReactNode } from "react";
import { DrawerHostContext } from "./drawerHost.js";
import { focusBack, focusedElement } from "./focusReturn.js";

export function DrawerDialog({
  open,
  onClose,
  title,
  className,
  children,
}: {
  open: boolean;
  onClose(): void;
  /** The drawer's accessible name (its dialog title, read out; the content shows its own heading). */
  title: string;
  className?: string;
  children: ReactNode;
}) {
  const hostRef = useContext(DrawerHostContext);
  // Read once mounted: a drawer opened in the window's own first commit finds the host only then.
  const [host, setHost] = useState<HTMLElement | null>(() => hostRef?.current ?? null);
  useEffect(() => {
    if (!host && hostRef?.current) setHost(hostRef.current);
  }, [host, hostRef]);
  const content = useRef<HTMLDivElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  return (
    <Dialog.Root open={open} modal={false} onOpenChange={(next) => !next && onClose()}>
      <Dialog.Portal {...(host ? { container: host } : {})}>
        <Dialog.Content
          ref={content}
          // The drawer itself takes focus (a screen reader reads its name first), not its first button.
          onOpenAutoFocus={(e) => {
            e.preventDefault();
            opener.current = focusedElement();
            content.current?.focus();
          }}
          // Closed, focus goes back to where it was (the button that opened it), if that is still there.
          onCloseAutoFocus={(e) => {
            e.preventDefault();
            focusBack(opener.current);
          }}
          className={`drawer${className ? ` ${className}` : ""}`}
          aria-describedby={undefined}
          onInteractOutside={(e) => e.preventDefault()}
        >
          {/* Names the dialog without a second heading: the content shows its own. */}
          <Dialog.Title asChild>
            <span className="visually-hidden">{title}</span>
          </Dialog.Title>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
