// Opens a recording (issue 22). A recording is a file someone sent: its size is checked before a byte is
// read, it is read in chunks with each line bounded, and every line is checked against the schema. A
// damaged or hostile file is a RecordingError that names the line, never a crash or a frozen app.
import { closeSync, constants, fstatSync, openSync, readSync, statSync, type Stats } from "node:fs";
import { formatBytes as formatSize } from "../../../shared/byteBudget.js";
import { describeBoundsProblem, jsonBoundsProblem, RECORDING_JSON_BOUNDS } from "./jsonBounds.js";
import { FORMAT_VERSION, isMessageLine, recordingValidators, schemaComplaint, type Recording, type RecordingHeader, type RecordingLine } from "./format.js";

/** The largest recording opened: far above what the recorder writes by default (256 MB). */
export const MAX_RECORDING_BYTES = 512 * 1024 * 1024;
/** One line at most: a message is kept up to its cap (256 KB by default) and JSON escapes can grow it. */
export const MAX_LINE_BYTES = 16 * 1024 * 1024;

export class RecordingError extends Error {
  override name = "RecordingError";
}

export interface ReadLimits {
  maxBytes?: number;
  maxLineBytes?: number;
}

const CHUNK = 1024 * 1024;

export function readRecording(path: string, limits: ReadLimits = {}): Recording {
  const maxBytes = limits.maxBytes ?? MAX_RECORDING_BYTES;
  const fd = openRecordingFile(path, maxBytes);
  try {
    const parser = new RecordingParser(limits.maxLineBytes ?? MAX_LINE_BYTES);
    const buffer = Buffer.alloc(CHUNK);
    const decoder = new TextDecoder("utf-8", { fatal: false });
    let total = 0;
    for (;;) {
      const n = readChunk(path, fd, buffer);
      if (n === 0) break;
      total += n;
      // The file may grow while it is read: the limit holds for what is read, not only what stat said.
      if (total > maxBytes) throw new RecordingError(`${path} grew past ${formatSize(maxBytes)} while it was read`);
      parser.push(decoder.decode(buffer.subarray(0, n), { stream: true }));
    }
    parser.push(decoder.decode());
    return parser.end();
  } finally {
    closeSync(fd);
  }
}

/**
 * A recording read a chunk at a time, yielding to the event loop between chunks, so a replay answers its
 * first requests (the era probe) while the rest is still read. open() reads only as far as the header.
 */
export class RecordingStream {
  private readonly buffer = Buffer.alloc(CHUNK);
  private readonly decoder = new TextDecoder("utf-8", { fatal: false });
  private total = 0;
  private done = false;

  private constructor(
    readonly path: string,
    private readonly fd: number,
    private readonly parser: RecordingParser,
    private readonly maxBytes: number,
  ) {}

  static open(path: string, limits: ReadLimits = {}): RecordingStream {
    const maxBytes = limits.maxBytes ?? MAX_RECORDING_BYTES;
    const fd = openRecordingFile(path, maxBytes);
    const stream = new RecordingStream(path, fd, new RecordingParser(limits.maxLineBytes ?? MAX_LINE_BYTES), maxBytes);
    try {
      while (!stream.parser.header && stream.readChunk());
      if (!stream.parser.header) stream.parser.end();
    } catch (error) {
      stream.close();
      throw error;
    }
    return stream;
  }

  get header(): RecordingHeader {
    return this.parser.header!;
  }

  /** What the reader noticed so far (complete once batches() has ended). */
  get warnings(): string[] {
    return this.parser.warnings;
  }

  /** The lines, a chunk's worth at a time; a damaged line ends it with a RecordingError. */
  async *batches(): AsyncGenerator<RecordingLine[]> {
    try {
      for (;;) {
        const more = this.readChunk();
        yield this.parser.takeLines();
        if (!more) break;
        await new Promise((resolve) => setImmediate(resolve));
      }
    } finally {
      this.close();
    }
  }

  close(): void {
    if (this.done) return;
    this.done = true;
    closeSync(this.fd);
  }

  /** One chunk into the parser; false at the end of the file (the parser then has ended). */
  private readChunk(): boolean {
    const n = readChunk(this.path, this.fd, this.buffer);
    if (n === 0) {
      this.parser.push(this.decoder.decode());
      this.parser.end();
      return false;
    }
    this.total += n;
    if (this.total > this.maxBytes) throw new RecordingError(`${this.path} grew past ${formatSize(this.maxBytes)} while it was read`);
    this.parser.push(this.decoder.decode(this.buffer.subarray(0, n), { stream: true }));
    return true;
  }
}

/** One chunk; a failing disk is said in words like a failing open. */
function readChunk(path: string, fd: number, buffer: Buffer): number {
  try {
    return readSync(fd, buffer, 0, CHUNK, null);
  } catch (error) {
    throw new RecordingError(cannotOpen(path, error as NodeJS.ErrnoException).replace(/^Cannot open/, "Cannot read"));
  }
}

/** The file opened for reading, if it is a regular file within the size a recording may be. */
function openRecordingFile(path: string, maxBytes: number): number {
  // Only a regular file is read: a named pipe would block the read (and the app) until someone writes to it,
  // a device may never end. Checked before opening, and again on what was opened (the path may have changed
  // in between), which is opened non-blocking so even a pipe swapped in cannot hold the open.
  let fd: number;
  try {
    refuseUnlessFile(path, statSync(path));
    fd = openSync(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  } catch (error) {
    if (error instanceof RecordingError) throw error;
    throw new RecordingError(cannotOpen(path, error as NodeJS.ErrnoException));
  }
  try {
    const stat = fstatSync(fd);
    refuseUnlessFile(path, stat);
    if (stat.size > maxBytes) throw new RecordingError(`${path} is ${formatSize(stat.size)}: over the ${formatSize(maxBytes)} a recording may be; it was not read`);
  } catch (error) {
    closeSync(fd);
    throw error;
  }
  return fd;
}

function refuseUnlessFile(path: string, stat: Stats): void {
  if (stat.isFile()) return;
  const what = stat.isDirectory() ? "a folder" : stat.isFIFO() ? "a named pipe" : stat.isSocket() ? "a socket" : stat.isCharacterDevice() || stat.isBlockDevice() ? "a device" : "not a regular file";
  throw new RecordingError(`${path} is ${what}, not a recording file; it was not read`);
}

/** Why a file could not be opened, in a sentence (the error code is kept in brackets for a search). */
export function cannotOpen(path: string, error: NodeJS.ErrnoException): string {
  const why: Record<string, string> = {
    ENOENT: "there is no such file",
    EACCES: "you are not allowed to read it",
    EPERM: "the system does not allow reading it",
    EISDIR: "it is a folder",
    ENOTDIR: "a part of the path is not a folder",
    ELOOP: "its symbolic links go round in a loop",
    ENAMETOOLONG: "the path is too long",
    EMFILE: "too many files are open",
    ENFILE: "too many files are open",
    EIO: "the disk could not read it",
  };
  const code = error.code;
  const reason = code && why[code] ? `${why[code]} (${code})` : (error.message || String(error)).slice(0, 200);
  return `Cannot open ${path}: ${reason}`;
}

/** A recording from its text (a test, the page's own upload). */
export function parseRecording(text: string, limits: ReadLimits = {}): Recording {
  if (text.length > (limits.maxBytes ?? MAX_RECORDING_BYTES)) throw new RecordingError(`The recording is over ${formatSize(limits.maxBytes ?? MAX_RECORDING_BYTES)}`);
  const parser = new RecordingParser(limits.maxLineBytes ?? MAX_LINE_BYTES);
  parser.push(text);
  return parser.end();
}

/**
 * A recording's text read a slice at a time (issue 33): the app answers with a big recording's first page
 * while the rest is read between other work. Every check of parseRecording holds; a damaged line further
 * on is a RecordingError from the next() that reaches it.
 */
export class RecordingTextReader {
  private readonly parser: RecordingParser;
  private at = 0;
  done = false;

  constructor(
    private readonly text: string,
    limits: ReadLimits = {},
    /** Characters a next() reads at least (then up to the line's end): small, so a slice is a short piece of work. */
    private readonly slice = CHUNK,
  ) {
    if (text.length > (limits.maxBytes ?? MAX_RECORDING_BYTES)) throw new RecordingError(`The recording is over ${formatSize(limits.maxBytes ?? MAX_RECORDING_BYTES)}`);
    this.parser = new RecordingParser(limits.maxLineBytes ?? MAX_LINE_BYTES);
  }

  /** Known once its line has been read. */
  get header(): RecordingHeader | undefined {
    return this.parser.header;
  }

  get warnings(): string[] {
    return this.parser.warnings;
  }

  /** The lines of the next slice of text; at the end, those of a last line without its newline. */
  next(): RecordingLine[] {
    if (this.done) return [];
    if (this.at < this.text.length) {
      // Up to a line's end: a long line is not joined again and again from small slices.
      const newline = this.text.indexOf("\n", this.at + this.slice - 1);
      const end = newline < 0 ? this.text.length : newline + 1;
      this.parser.push(this.text.slice(this.at, end));
      this.at = end;
      return this.parser.takeLines();
    }
    this.parser.end();
    this.done = true;
    return this.parser.takeLines();
  }
}

class RecordingParser {
  private pending = "";
  private lineNumber = 0;
  header?: RecordingHeader;
  private lines: RecordingLine[] = [];
  readonly warnings: string[] = [];
  private ended = false;
  /** What the recorded client offered (its initialize request's capabilities), to judge the server's requests. */
  private offered?: Record<string, unknown>;

  constructor(private readonly maxLineBytes: number) {}

  push(chunk: string): void {
    const text = this.pending + chunk;
    let start = 0;
    let at: number;
    while ((at = text.indexOf("\n", start)) >= 0) {
      this.line(text.slice(start, at));
      start = at + 1;
    }
    this.pending = text.slice(start);
    if (this.pending.length > this.maxLineBytes) throw new RecordingError(`Line ${this.lineNumber + 1} is over ${formatSize(this.maxLineBytes)}: not a recording line`);
  }

  /** The lines parsed since the last call (a stream hands them on and keeps none). */
  takeLines(): RecordingLine[] {
    const lines = this.lines;
    this.lines = [];
    return lines;
  }

  end(): Recording {
    if (this.ended) return this.finish();
    this.ended = true;
    if (this.pending.trim()) {
      // A last line without its newline: the file was cut off (a crash while writing, a partial download).
      let whole = true;
      // A hostile last line is named for its bounds (line() throws), not called "cut off".
      if (jsonBoundsProblem(this.pending, RECORDING_JSON_BOUNDS)) this.line(this.pending);
      try {
        JSON.parse(this.pending);
      } catch {
        whole = false;
      }
      if (!whole) throw new RecordingError(`Line ${this.lineNumber + 1} is cut off: the recording is truncated`);
      this.line(this.pending);
    }
    return this.finish();
  }

  private finish(): Recording {
    if (!this.header) throw new RecordingError("The file is empty: a recording starts with its header line");
    return { header: this.header, lines: this.lines, warnings: this.warnings };
  }

  private line(raw: string): void {
    this.lineNumber++;
    if (raw.length > this.maxLineBytes) throw new RecordingError(`Line ${this.lineNumber} is over ${formatSize(this.maxLineBytes)}: not a recording line`);
    if (!raw.trim()) return;
    // Bounded before anything is built: a line nested 100,000 deep would overflow every walker after JSON.parse.
    const problem = jsonBoundsProblem(raw, RECORDING_JSON_BOUNDS);
    if (problem) throw new RecordingError(`The recording is ${describeBoundsProblem(problem)} at line ${this.lineNumber}; it was not read`);
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch (error) {
      throw new RecordingError(`Line ${this.lineNumber} is not JSON (${(error as Error).message.slice(0, 200)})${this.header ? "" : ": not a recording"}`);
    }
    const validators = recordingValidators();
    if (!this.header) {
      const version = (value as { mcprec?: unknown } | null)?.mcprec;
      if (typeof version === "number" && version !== FORMAT_VERSION) throw new RecordingError(`The recording is format version ${version}; this inspector reads version ${FORMAT_VERSION}`);
      if (!validators.header(value)) throw new RecordingError(`Line 1 is not a recording header: ${schemaComplaint(validators.header)}`);
      this.header = value as RecordingHeader;
      return;
    }
    if (!validators.line(value)) throw new RecordingError(`Line ${this.lineNumber} is not a recording line: ${schemaComplaint(validators.line)}`);
    const line = value as RecordingLine;
    this.lines.push(line);
    if (isMessageLine(line)) this.check(line.dir, line.msg);
  }

  /** A server request the recorded client never offered the capability for is kept, and said (it is what the server did). */
  private check(dir: "in" | "out", msg: unknown): void {
    const m = msg as { method?: unknown; id?: unknown; params?: { capabilities?: unknown } } | undefined;
    if (!m || typeof m !== "object" || typeof m.method !== "string" || m.id === undefined) return;
    if (dir === "out" && m.method === "initialize" && m.params && typeof m.params.capabilities === "object" && m.params.capabilities) {
      this.offered = m.params.capabilities as Record<string, unknown>;
      return;
    }
    if (dir !== "in" || !this.offered) return;
    const needs = CAPABILITY_OF[m.method];
    if (needs && !(needs in this.offered) && this.warnings.length < 100) {
      this.warnings.push(`Line ${this.lineNumber}: the server sent ${m.method}, but the client did not offer the ${needs} capability`);
    }
  }
}

/** The client capability a server request needs. */
export const CAPABILITY_OF: Record<string, string> = {
  "sampling/createMessage": "sampling",
  "elicitation/create": "elicitation",
  "roots/list": "roots",
};
