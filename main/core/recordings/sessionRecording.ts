// The app's "Save recording…" and "Open recording…" (issue 22): a session's kept log (whole, or from a
// mark the user set) written as a recording, and a recording read back as log entries the Logs tab
// shows read-only, labelled like a live log (each response names the method it answers).
import type { LogEntry, ServerConfig, SessionInfo } from "../../../shared/types.js";
import { DEFAULT_ENTRY_BYTES, MessageLog } from "../messageLog.js";
import { isMessageLine, type Recording, type RecordingHeader, type RecordingLine } from "./format.js";
import { parseRecording, RecordingError } from "./reader.js";
import { recordedViews } from "./recordedViews.js";
import type { RecordedViews } from "../../../shared/recordedViews.js";
import { diffRecordings, surfaceSummary, type DiffDocument, type SurfaceSummary } from "./diff.js";
import { Recorder } from "./recorder.js";

/** What the app opens at most (the page sends the file's text over the bridge); the CLI reads up to 512 MB. */
export const OPEN_RECORDING_BYTES = 64 * 1024 * 1024;

export interface SessionLogSnapshot {
  entries: LogEntry[];
  stderr: string[];
}

/** A session's log as recording text. Times come from the entries' clock; stderr lines (kept apart from the messages) follow them. */
export function recordingOfSession(config: ServerConfig, info: SessionInfo, log: SessionLogSnapshot, fromSeq?: number): { text: string; lines: number } {
  const entries = fromSeq === undefined ? log.entries : log.entries.filter((e) => e.seq >= fromSeq);
  const first = entries[0] ? Date.parse(entries[0].time) : Date.now();
  const recorder = new Recorder({ server: config, sessionId: info.sessionId, startedAt: new Date(Number.isFinite(first) ? first : Date.now()), now: () => 0 });
  recorder.onEvent({ type: "sessionChanged", payload: info });
  let last = 0;
  for (const entry of entries) {
    const at = Date.parse(entry.time) - first;
    // Monotonic even if the wall clock stepped back.
    last = Number.isFinite(at) ? Math.max(last, at) : last;
    recorder.entry(entry, last);
  }
  // From a mark, the stderr lines cannot be placed: only a whole session's are kept.
  if (fromSeq === undefined) for (const line of log.stderr) recorder.stderrLine(line, last);
  return { text: recorder.text(), lines: recorder.lineCount };
}

export interface OpenedRecording {
  header: RecordingHeader;
  entries: LogEntry[];
  stderr: string[];
  warnings: string[];
  /** The tool runs, task timelines and input requests the messages hold, for the other tabs. */
  views: RecordedViews;
}

export type ReadRecording = Omit<OpenedRecording, "views">;

/** A recording's text as the Logs tab's entries (session id `recording`), read with every check of the reader. */
export function openRecordingText(text: string): OpenedRecording {
  const read = readRecordingText(text);
  return { ...read, views: recordedViews(read.entries) };
}

/** The same, without the derived views (built when the page asks for them). */
export function readRecordingText(text: string): ReadRecording {
  const recording: Recording = parseRecording(text, { maxBytes: OPEN_RECORDING_BYTES });
  const built = new RecordingEntries(recording.header);
  built.add(recording.lines);
  return { header: recording.header, entries: built.entries, stderr: built.stderr, warnings: recording.warnings };
}

/** A recording's lines as the Logs tab's entries (session id `recording`), labelled as a live log's; added as they are read. */
export class RecordingEntries {
  readonly entries: LogEntry[] = [];
  readonly stderr: string[] = [];
  private readonly log: MessageLog;
  private readonly start: number;

  constructor(header: RecordingHeader) {
    const start = Date.parse(header.recordedAt);
    this.start = Number.isFinite(start) ? start : 0;
    this.log = new MessageLog("recording", { entries: Number.MAX_SAFE_INTEGER, bytes: Number.MAX_SAFE_INTEGER, entryBytes: Math.max(DEFAULT_ENTRY_BYTES, header.limits.messageBytes) });
  }

  add(lines: RecordingLine[]): void {
    for (const line of lines) {
      if (!isMessageLine(line)) {
        this.stderr.push(line.stderr);
        continue;
      }
      const time = new Date(this.start + line.t).toISOString();
      // Nothing is ever dropped from this log: the entries it returns are its whole, in order.
      const entry = this.log.record(line.dir, line.msg, this.entries.length + 1, time, line.note, line.preview, line.remark ? { remark: line.remark } : {});
      // The recording's cut says the size the server sent, which the message kept no longer shows.
      if (line.cut) entry.cut = line.cut;
      this.entries.push(entry);
    }
  }
}

/** "Compare…": two recording texts read with every check (a damaged side is an error naming which), diffed as `diff --json` does. */
export function diffRecordingSides(a: string, b: string): { document: DiffDocument; surfaces: { a: SurfaceSummary; b: SurfaceSummary } } {
  const read = (text: string, which: string) => {
    try {
      return parseRecording(text, { maxBytes: OPEN_RECORDING_BYTES });
    } catch (error) {
      if (error instanceof RecordingError) throw new RecordingError(`The ${which} recording: ${error.message}`);
      throw error;
    }
  };
  const [x, y] = [read(a, "first"), read(b, "second")];
  return { document: diffRecordings(x, y), surfaces: { a: surfaceSummary(x), b: surfaceSummary(y) } };
}
