// The server's logging notifications (`notifications/message`) one session keeps (issue 21), so a window
// that loads later (a reload, a second browser tab) shows the ones that already came. Bounded by count and
// by bytes like everything else kept from a server (DESIGN: bounded by bytes): each notification's data is
// cut as the event the page gets is (serverLogEvent, issue 19), and the protocol log keeps the message.
import type { EventPayload } from "../../shared/contract.js";
import { cutToFit, fresh } from "../../shared/byteBudget.js";
import { DEFAULT_ENTRY_BYTES, SERVER_LOG_DATA_BYTES } from "./messageLog.js";

export type ServerLogMessage = EventPayload<"serverLog"> & { seq: number };

export const SERVER_LOGS_KEPT = 1000;
export const SERVER_LOG_BYTES_KEPT = 1024 * 1024;
/** The JSON text around a kept message's level, logger and data (field names, session id, seq). */
const MESSAGE_OVERHEAD_BYTES = 100;

export class ServerLogs {
  private messages: (ServerLogMessage | undefined)[] = [];
  private sizes: number[] = [];
  /** Where the kept messages begin: dropped ones are skipped, and the arrays compacted now and then, not sliced per push. */
  private start = 0;
  private bytes = 0;
  private seq = 0;

  constructor(
    private readonly sessionId: string,
    private readonly maxMessages = SERVER_LOGS_KEPT,
    private readonly maxBytes = SERVER_LOG_BYTES_KEPT,
  ) {}

  /** Keep one notification (its data cut to `entryBytes` at most) and return it as the event to send. */
  push(params: { level: string; logger?: string; data?: unknown }, entryBytes = DEFAULT_ENTRY_BYTES): ServerLogMessage {
    const { event, dataBytes } = serverLogEvent(this.sessionId, params, entryBytes);
    const message: ServerLogMessage = { ...event, seq: ++this.seq };
    // Measured once, as the data was cut: a flood of small messages costs one walk each.
    const size = dataBytes + message.level.length + (message.logger?.length ?? 0) + MESSAGE_OVERHEAD_BYTES;
    this.messages.push(message);
    this.sizes.push(size);
    this.bytes += size;
    // The newest is always kept, however large.
    while (this.messages.length - this.start > 1 && (this.messages.length - this.start > this.maxMessages || this.bytes > this.maxBytes)) {
      this.bytes -= this.sizes[this.start]!;
      this.messages[this.start++] = undefined; // its data is let go now, not at the next compaction
    }
    if (this.start > this.maxMessages) {
      this.messages = this.messages.slice(this.start);
      this.sizes = this.sizes.slice(this.start);
      this.start = 0;
    }
    return message;
  }

  toArray(): ServerLogMessage[] {
    return this.messages.slice(this.start) as ServerLogMessage[];
  }
}

/** The `serverLog` event for a `notifications/message`: level and logger bounded, data cut past SERVER_LOG_DATA_BYTES. */
export function serverLogEvent(
  sessionId: string,
  params: { level: string; logger?: string; data?: unknown },
  entryBytes: number,
): { event: EventPayload<"serverLog">; dataBytes: number } {
  const fitted = cutToFit(params.data, Math.min(SERVER_LOG_DATA_BYTES, entryBytes));
  const event: EventPayload<"serverLog"> = {
    sessionId,
    level: params.level.length > 100 ? fresh(params.level.slice(0, 100)) : params.level,
    ...(params.logger ? { logger: params.logger.length > 200 ? fresh(params.logger.slice(0, 200)) : params.logger } : {}),
    data: fitted.value,
    ...(fitted.cut ? { cut: fitted.cut } : {}),
  };
  return { event, dataBytes: fitted.size };
}
