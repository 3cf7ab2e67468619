// The command palette (Ctrl/Cmd+K, or the Commands button). Only the button and the shortcut are in the
// first chunk: the dialog and its library (cmdk) are a chunk preloaded once the window is idle.
import { Suspense, useEffect, useState } from "react";
import { Command } from "lucide-react";
import { lazyPart } from "../components/lazyPart.js";
import type { PendingInput } from "../../../shared/types.js";
import type { TabId } from "./tabs.js";

export const commandPaletteDialog = lazyPart(() => import("./CommandPaletteDialog.js").then((m) => m.CommandPaletteDialog));

export function CommandPalette({ onTab, onAnswer }: { onTab(tab: TabId): void; onAnswer(input: PendingInput): void }) {
  const [open, setOpen] = useState(false);
  // Mounted once first opened, and kept: closing it lets its dialog give focus back.
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey || event.key.toLowerCase() !== "k") return;
      event.preventDefault();
      setWanted(true);
      setOpen((now) => !now);
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);
  return (
    <>
      <button
        type="button"
        className="palette-button"
        title="Command palette (Ctrl+K or ⌘K)"
        aria-keyshortcuts="Control+K Meta+K"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
      >
        <Command aria-hidden="true" className="icon" />
        <span className="button-words">Commands</span>
      </button>
      {wanted && (
        <Suspense fallback={null}>
          <commandPaletteDialog.Component open={open} setOpen={setOpen} onTab={onTab} onAnswer={onAnswer} />
        </Suspense>
      )}
    </>
  );
}
