// Where the Logs tab keeps an opened recording and a comparison (the store's view state), in a module of
// their own: Open recording… and Compare… each clear the other's, without importing each other.
import type { ApiResult, InspectorBridge } from "../../../../shared/contract.js";
import type { StoredStateSetter } from "../../hooks/useStoredState.js";
import { draftKeys } from "../../store/draftsSlice.js";

/** `text` is kept for Compare… (the first side it sends to the core); `failed` says why the rest did not come. */
export type OpenedRecording = ApiResult<"openRecording"> & { fileName: string; text?: string; failed?: string };

export const RECORDING_KEY = draftKeys.view("logs", "recording", "");
export const COMPARISON_KEY = draftKeys.view("logs", "comparison", "");

/** Issue 33: entries asked for per call while the rest of a big recording comes in (the contract allows 5,000). */
export const ENTRIES_PER_CALL = 5_000;

/** Whether more of the recording is still to come: its count is not known yet, or more than the page has. */
export const stillComing = (opened: OpenedRecording) => opened.handle !== undefined && (opened.total === undefined || opened.entries.length < opened.total);

/**
 * Issue 33: the rest of an opened recording, after its first page is drawn: its entries in pieces, each
 * appended while it is still the recording shown (closed or replaced, the fetching stops; the piece that
 * ends it brings the count, stderr and warnings of the whole), then the views the other tabs show. A
 * failure (a damaged line further on) is said in the banner; what came stays shown.
 */
export async function fetchRest(bridge: InspectorBridge, handle: string, set: StoredStateSetter<OpenedRecording | undefined>): Promise<void> {
  // Applies `change` only while this recording is the one shown; gives it back changed, or undefined.
  const update = (change: (o: OpenedRecording) => OpenedRecording): OpenedRecording | undefined => {
    const shown: { now?: OpenedRecording } = {};
    set((o) => (o?.handle === handle ? (shown.now = change(o)) : o));
    return shown.now;
  };
  try {
    let current: OpenedRecording | undefined;
    for (;;) {
      // The screen drawn before each piece is asked for: the first page first, then each piece as it came.
      await afterPaint();
      current = update((o) => o);
      if (!current || !stillComing(current)) break;
      const from = current.entries.length;
      const piece = await bridge.recordingEntries({ handle, from, count: Math.min(ENTRIES_PER_CALL, (current.total ?? Infinity) - from) });
      if (piece.entries.length === 0 && (piece.total === undefined || piece.total > from)) throw new Error("the core sent fewer messages than it counted");
      const whole = piece.total !== undefined ? { total: piece.total, stderr: piece.stderr ?? [], warnings: piece.warnings ?? [] } : {};
      update((o) => ({ ...o, entries: o.entries.concat(piece.entries), ...whole }));
    }
    if (!current || current.views) return;
    const views = await bridge.recordingViews({ handle });
    update((o) => ({ ...o, views }));
  } catch (error) {
    update((o) => ({ ...o, failed: `The rest of the recording could not be read: ${error instanceof Error ? error.message : String(error)}` }));
  }
}

/** After the browser's next paint (its frame callback, then the task after it). */
const afterPaint = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

/** The core forgets a recording the page no longer shows (it keeps only a few anyway). */
export function closeInCore(bridge: InspectorBridge, opened: { handle?: string } | undefined): void {
  if (opened?.handle) bridge.closeRecording({ handle: opened.handle }).catch(() => {});
}
