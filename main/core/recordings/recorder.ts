// Records one session into the .mcprec format (issue 22) from the core's own event stream: the protocol
// log's entries (every message in and out, in wire order, already cut to the log's per-entry cap) and
// the server's stderr lines. Secrets are redacted, each message is bounded again by the recording's own
// cap, and the whole recording by a byte budget (DESIGN principle 6): past it, lines are counted, not kept.
import { writeFileSync } from "node:fs";
import type { InspectorEvent } from "../../../shared/contract.js";
import { cutToFit, type Cut } from "../../../shared/byteBudget.js";
import type { LogEntry, ServerConfig, SessionInfo } from "../../../shared/types.js";
import { CLIENT_INFO } from "../session.js";
import { FORMAT_VERSION, recordingValidators, schemaComplaint, type RecordedMessage, type RecordingHeader, type RecordingLine } from "./format.js";
import { Redactor, secretsOf } from "./redaction.js";

/** One message is kept up to this much JSON text (the log's default per-entry cap); past it, a structural cut. */
export const RECORDING_MESSAGE_BYTES = 256 * 1024;
/** A recording held in memory holds at most this much; the lines after are counted in the header's `incomplete`. */
export const RECORDING_BYTES = 256 * 1024 * 1024;

export interface RecorderOptions {
  server: ServerConfig;
  /** Only this session's messages (the first session seen when absent). */
  sessionId?: string;
  messageBytes?: number;
  maxBytes?: number;
  /** Monotonic milliseconds (performance.now in production; a fake in tests). */
  now?: () => number;
  /** When recording starts, for the header. */
  startedAt?: Date;
}

export class Recorder {
  /** Kept as objects (with their JSON size counted), written as text only when the recording is saved. */
  private readonly lines: RecordingLine[] = [];
  private bytes = 0;
  private dropped = 0;
  private readonly redactor: Redactor;
  private readonly messageBytes: number;
  private readonly maxBytes: number;
  private readonly now: () => number;
  private readonly start: number;
  private readonly startedAt: Date;
  private sessionId?: string;
  private info?: SessionInfo;

  constructor(private readonly options: RecorderOptions) {
    this.redactor = new Redactor(secretsOf(options.server));
    this.messageBytes = options.messageBytes ?? RECORDING_MESSAGE_BYTES;
    this.maxBytes = options.maxBytes ?? RECORDING_BYTES;
    this.now = options.now ?? (() => performance.now());
    this.start = this.now();
    this.startedAt = options.startedAt ?? new Date();
    this.sessionId = options.sessionId;
  }

  /** Events taken while the exchange runs, written a turn later (see onEvent). */
  private pending: { event: InspectorEvent; t: number }[] = [];
  private scheduled = false;

  /**
   * Subscribe this to the core (`core.subscribe(event => recorder.onEvent(event))`). The event is only
   * noted with its time here: redacting, cutting and serialising wait for the next turn, so the answer a
   * server waits for leaves before the recording's work is done (bench scenario 11).
   */
  onEvent(event: InspectorEvent): void {
    if (event.type !== "logEntry" && event.type !== "stderrLine" && event.type !== "sessionChanged") return;
    this.pending.push({ event, t: this.elapsed() });
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => this.flush());
  }

  /** Writes what onEvent noted (text() and writeTo() call it first). */
  flush(): void {
    this.scheduled = false;
    const pending = this.pending;
    this.pending = [];
    for (const { event, t } of pending) {
      switch (event.type) {
        case "logEntry":
          if (this.ours(event.payload.sessionId)) this.entry(event.payload, t);
          break;
        case "stderrLine":
          if (this.ours(event.payload.sessionId)) this.stderrLine(event.payload.line, t);
          break;
        case "sessionChanged":
          if (this.ours(event.payload.sessionId)) this.info = { ...this.info, ...event.payload };
          break;
        default:
          break;
      }
    }
  }

  /** A log entry as it was recorded (also for entries taken from a session's log after the fact). */
  entry(entry: Pick<LogEntry, "direction" | "payload" | "remark" | "cut">, t = this.elapsed()): void {
    const line: RecordedMessage = { t, dir: entry.direction };
    const payload = entry.payload as Record<string, unknown> | undefined;
    // The log wraps a message it did not pass on as { note, message } or { note, preview } (messageLog.ts).
    const noted = payload && typeof payload === "object" && !Array.isArray(payload) && typeof payload.note === "string" && !("jsonrpc" in payload);
    let message: unknown = noted ? payload.message : payload;
    if (noted) line.note = this.redactor.text(payload.note as string);
    if (noted && typeof payload.preview === "string") line.preview = this.redactor.text(payload.preview).slice(0, this.messageBytes);
    let cut: Cut | undefined = entry.cut;
    let size = 0;
    if (message !== undefined) {
      const redacted = this.redactor.value(message);
      const fitted = cutToFit(redacted.value, this.messageBytes, cut?.bytes);
      message = fitted.value;
      size = fitted.size;
      if (fitted.cut) cut = { bytes: cut?.bytes ?? fitted.cut.bytes, kept: fitted.cut.kept };
      else if (redacted.deep && !cut) cut = { bytes: fitted.size, kept: fitted.size };
      line.msg = message;
    }
    if (entry.remark) line.remark = this.redactor.text(entry.remark);
    if (cut) line.cut = cut;
    this.push(line, size + (line.note?.length ?? 0) + (line.preview?.length ?? 0) + (line.remark?.length ?? 0) + 40);
  }

  stderrLine(line: string, t = this.elapsed()): void {
    const text = this.redactor.text(line);
    this.push({ t, stderr: text }, text.length + 30);
  }

  /** How many lines (besides the header) are kept. */
  get lineCount(): number {
    this.flush();
    return this.lines.length;
  }

  header(): RecordingHeader {
    this.flush();
    const config = this.options.server;
    const t = config.transport;
    const info = this.info;
    const server: RecordingHeader["server"] =
      t.type === "stdio"
        ? { name: config.name, transport: "stdio", command: t.command, args: t.args.map((a) => this.redactor.text(a)), envNames: Object.keys(t.env ?? {}) }
        : { name: config.name, transport: t.type, url: withoutQueryValues(t.url), headerNames: Object.keys(t.headers ?? {}) };
    const redacted = (value: unknown) => this.redactor.value(value).value as Record<string, unknown>;
    return {
      mcprec: FORMAT_VERSION,
      inspector: { name: CLIENT_INFO.name, version: CLIENT_INFO.version },
      recordedAt: this.startedAt.toISOString(),
      ...(info?.era ? { era: info.era } : {}),
      ...(info?.protocolVersion ? { protocolVersion: info.protocolVersion } : {}),
      server,
      ...(info?.serverInfo ? { serverInfo: redacted(info.serverInfo) } : {}),
      ...(info?.serverCapabilities ? { serverCapabilities: redacted(info.serverCapabilities) } : {}),
      ...(info?.clientCapabilities ? { clientCapabilities: redacted(info.clientCapabilities) } : {}),
      limits: { messageBytes: this.messageBytes },
      ...(this.dropped ? { incomplete: { droppedLines: this.dropped, reason: `the recording reached its limit of ${this.maxBytes} bytes` } } : {}),
    };
  }

  /**
   * The whole recording as JSON Lines text, each line checked against the schema here rather than as it
   * is recorded (a line that fails it is a bug of ours, said loudly).
   */
  text(): string {
    this.flush();
    const header = this.header();
    const { header: validHeader, line: validLine } = recordingValidators();
    if (!validHeader(header)) throw new Error(`Recording header: ${schemaComplaint(validHeader)}`);
    const lines = [JSON.stringify(header)];
    for (const line of this.lines) {
      if (!validLine(line)) throw new Error(`Recording line ${lines.length + 1}: ${schemaComplaint(validLine)}`);
      lines.push(JSON.stringify(line));
    }
    return `${lines.join("\n")}\n`;
  }

  writeTo(path: string): void {
    writeFileSync(path, this.text(), { mode: 0o600 });
  }

  private ours(sessionId: string): boolean {
    this.sessionId ??= sessionId;
    return this.sessionId === sessionId;
  }

  private elapsed(): number {
    return Math.round((this.now() - this.start) * 1000) / 1000;
  }

  /** `size`: the line's JSON text, as counted (the message's size from its cut, plus the fields around it). */
  private push(line: RecordingLine, size: number): void {
    if (this.dropped || this.bytes + size > this.maxBytes) {
      this.dropped++;
      return;
    }
    this.lines.push(line);
    this.bytes += size;
  }
}

/** A URL's query values may be tokens (`?key=…`): their names stay, their values do not. */
function withoutQueryValues(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.username = "";
    parsed.password = "";
    for (const key of [...parsed.searchParams.keys()]) parsed.searchParams.set(key, "[redacted]");
    return parsed.toString().replaceAll("%5Bredacted%5D", "[redacted]");
  } catch {
    return "[redacted]";
  }
}
