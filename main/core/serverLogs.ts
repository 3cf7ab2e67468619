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
  private messages: ServerLogMessage[] = [];
  private sizes: number[] = [];
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
    this.messages.push(message);
    // Measured once, as the data was cut: a flood of small messages costs one walk each.
    this.sizes.push(dataBytes + message.level.length + (message.logger?.length ?? 0) + MESSAGE_OVERHEAD_BYTES);
    this.bytes += this.sizes.at(-1)!;
    let drop = 0;
    while (this.messages.length - drop > 1 && (this.messages.length - drop > this.maxMessages || this.bytes > this.maxBytes)) this.bytes -= this.sizes[drop++]!;
    if (drop) {
      this.messages = this.messages.slice(drop);
      this.sizes = this.sizes.slice(drop);
    }
    return message;
  }

  toArray(): ServerLogMessage[] {
    return this.messages.slice();
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
