// Issue 33: an opened recording goes to the page in pieces. The core reads the whole file once (every
// check of the reader), answers with its first page and a handle, and keeps the entries for the page to
// fetch the rest by range; the derived views are built only when asked for. A few recordings are kept
// at most: the oldest is dropped when another opens, and the page closes its own.
import type { LogEntry } from "../../../shared/types.js";
import type { RecordedViews } from "../../../shared/recordedViews.js";
import { readRecordingText, type ReadRecording } from "./sessionRecording.js";
import { recordedViews } from "./recordedViews.js";

/** Entries in the first answer: a screen and more, so the Logs tab draws before the rest arrives. */
export const FIRST_PAGE = 500;
/** Entries one recordingEntries call answers at most (the contract's bound too). */
export const ENTRIES_PAGE_MAX = 5_000;
/** Recordings kept open at once: the one a page shows and the one it is opening (another window may have one too). */
export const OPENED_KEPT = 2;

interface Kept extends ReadRecording {
  views?: RecordedViews;
}

export class OpenedRecordings {
  private readonly kept = new Map<string, Kept>();
  private next = 0;

  open(text: string): Omit<ReadRecording, "entries"> & { handle: string; total: number; entries: LogEntry[] } {
    const read = readRecordingText(text);
    const handle = `recording-${++this.next}`;
    this.kept.set(handle, read);
    // Map order is opening order: the oldest goes first.
    for (const old of this.kept.keys()) if (this.kept.size > OPENED_KEPT) this.kept.delete(old);
    return { ...read, handle, total: read.entries.length, entries: read.entries.slice(0, FIRST_PAGE) };
  }

  entries(handle: string, from: number, count: number): LogEntry[] {
    return this.get(handle).entries.slice(from, from + Math.min(count, ENTRIES_PAGE_MAX));
  }

  views(handle: string): RecordedViews {
    const kept = this.get(handle);
    kept.views ??= recordedViews(kept.entries);
    return kept.views;
  }

  close(handle: string): void {
    this.kept.delete(handle);
  }

  get size(): number {
    return this.kept.size;
  }

  private get(handle: string): Kept {
    const kept = this.kept.get(handle);
    if (!kept) throw new Error(`The recording ${handle.slice(0, 100)} is no longer open: open it again`);
    return kept;
  }
}
