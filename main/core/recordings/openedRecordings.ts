// Issue 33: an opened recording goes to the page in pieces. The core reads the text as far as the first
// page and answers with it and a handle. From the page's first fetch (sent once it has drawn that page) it
// reads the rest to the end, a few milliseconds at a time between other work; a range not read yet waits.
// The derived views are built when asked for. A few recordings are kept at most: the oldest is dropped
// when another opens, and the page closes its own; a dropped one stops being read.
import type { LogEntry } from "../../../shared/types.js";
import type { RecordedViews } from "../../../shared/recordedViews.js";
import type { RecordingHeader } from "./format.js";
import { RecordingError, RecordingTextReader } from "./reader.js";
import { OPEN_RECORDING_BYTES, RecordingEntries } from "./sessionRecording.js";
import { recordedViews } from "./recordedViews.js";

/** Entries in the first answer: a screen and more, so the Logs tab draws before the rest arrives. */
export const FIRST_PAGE = 500;
/** Entries one recordingEntries call answers at most (the contract's bound too). */
export const ENTRIES_PAGE_MAX = 5_000;
/** Recordings kept open at once: the one a page shows and the one it is opening (another window may have one too). */
export const OPENED_KEPT = 2;
/** Text read per slice (about 400 messages of the bench's), and the time one turn of the event loop reads before the core's other work (live sessions, the page's files) goes on. */
const SLICE_CHARS = 64 * 1024;
const TURN_MS = 8;

interface Kept {
  header: RecordingHeader;
  reader: RecordingTextReader;
  built: RecordingEntries;
  /** Why the rest will never come: a damaged line further on, or the recording closed. */
  failed?: string;
  views?: RecordedViews;
  /** Fetches waiting for lines not read yet. */
  waiting: Array<() => void>;
  /** The rest is read from the first fetch on: not while the page draws the first page (on a busy machine they share the cores). */
  reading?: boolean;
}

/** What is known of a recording once all of it is read (sent with the first page too when that is all). */
interface Whole {
  total: number;
  stderr: string[];
  warnings: string[];
}

export class OpenedRecordings {
  private readonly kept = new Map<string, Kept>();
  private next = 0;

  /** The header and the first page; a damaged line within them is the open's error. */
  open(text: string): { header: RecordingHeader; entries: LogEntry[]; stderr: string[]; warnings: string[]; handle: string; total?: number } {
    const reader = new RecordingTextReader(text, { maxBytes: OPEN_RECORDING_BYTES }, SLICE_CHARS);
    let built: RecordingEntries | undefined;
    while (!reader.done && (built?.entries.length ?? 0) <= FIRST_PAGE) {
      const lines = reader.next();
      if (reader.header) (built ??= new RecordingEntries(reader.header)).add(lines);
    }
    // A text that ended before its header has thrown in next(): built is there.
    const kept: Kept = { header: reader.header!, reader, built: built!, waiting: [] };
    const handle = `recording-${++this.next}`;
    this.kept.set(handle, kept);
    // Map order is opening order: the oldest goes first.
    for (const old of this.kept.keys()) if (this.kept.size > OPENED_KEPT) this.drop(old, "it was closed: a newer recording was opened");
    return { header: kept.header, entries: kept.built.entries.slice(0, FIRST_PAGE), stderr: [...kept.built.stderr], warnings: [...reader.warnings], handle, ...this.whole(kept) };
  }

  /** Entries `from` on, at most a page; waits for them while they are being read. The last piece says the whole. */
  async entries(handle: string, from: number, count: number): Promise<{ entries: LogEntry[] } & Partial<Whole>> {
    const kept = this.get(handle);
    const want = from + Math.min(count, ENTRIES_PAGE_MAX);
    this.startReading(kept);
    while (!kept.reader.done && kept.failed === undefined && kept.built.entries.length < want) await new Promise<void>((resolve) => kept.waiting.push(resolve));
    this.throwIfFailed(kept);
    return { entries: kept.built.entries.slice(from, want), ...this.whole(kept) };
  }

  /** The runs, timelines and inputs of every entry: once all are read. */
  async views(handle: string): Promise<RecordedViews> {
    const kept = this.get(handle);
    this.startReading(kept);
    while (!kept.reader.done && kept.failed === undefined) await new Promise<void>((resolve) => kept.waiting.push(resolve));
    this.throwIfFailed(kept);
    kept.views ??= recordedViews(kept.built.entries);
    return kept.views;
  }

  close(handle: string): void {
    this.drop(handle, "it was closed");
  }

  private whole(kept: Kept): Partial<Whole> {
    return kept.reader.done ? { total: kept.built.entries.length, stderr: [...kept.built.stderr], warnings: [...kept.reader.warnings] } : {};
  }

  private startReading(kept: Kept): void {
    if (kept.reading || kept.reader.done) return;
    kept.reading = true;
    setImmediate(() => this.readOn(kept));
  }

  /** A few slices, then the event loop's other work, until the end or a damaged line. */
  private readOn(kept: Kept): void {
    if (kept.failed !== undefined) return;
    try {
      const until = performance.now() + TURN_MS;
      do kept.built.add(kept.reader.next());
      while (!kept.reader.done && performance.now() < until);
    } catch (error) {
      kept.failed = error instanceof RecordingError ? error.message : String(error);
    }
    for (const wake of kept.waiting.splice(0)) wake();
    if (!kept.reader.done && kept.failed === undefined) setImmediate(() => this.readOn(kept));
  }

  private drop(handle: string, why: string): void {
    const kept = this.kept.get(handle);
    if (!kept) return;
    this.kept.delete(handle);
    kept.failed ??= `The recording ${handle} is no longer open (${why}): open it again`;
    for (const wake of kept.waiting.splice(0)) wake();
  }

  private throwIfFailed(kept: Kept): void {
    if (kept.failed !== undefined) throw new RecordingError(kept.failed);
  }

  private get(handle: string): Kept {
    const kept = this.kept.get(handle);
    if (!kept) throw new Error(`The recording ${handle.slice(0, 100)} is no longer open: open it again`);
    return kept;
  }
}
