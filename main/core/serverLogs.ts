// The server's logging notifications (`notifications/message`) one session keeps (issue 21), so a window
// that loads later (a reload, a second browser tab) shows the ones that already came. Bounded by count and
// by characters like everything else kept from a server (DESIGN: bounded by bytes): a notification's data
// is kept whole up to DATA_CHARS_KEPT, else as the start of its JSON text and a note of its size (the
// protocol log keeps the message as it came, within its own bounds).
import type { EventPayload } from "../../shared/contract.js";

export type ServerLogMessage = EventPayload<"serverLog"> & { seq: number };

export const SERVER_LOGS_KEPT = 1000;
export const SERVER_LOG_CHARS_KEPT = 1024 * 1024;
export const DATA_CHARS_KEPT = 8 * 1024;

export class ServerLogs {
  private messages: ServerLogMessage[] = [];
  private sizes: number[] = [];
  private chars = 0;
  private seq = 0;

  constructor(
    private readonly sessionId: string,
    private readonly maxMessages = SERVER_LOGS_KEPT,
    private readonly maxChars = SERVER_LOG_CHARS_KEPT,
  ) {}

  /** Keep one notification (bounded) and return it as the event to send. */
  push(params: { level: unknown; logger?: unknown; data?: unknown }): ServerLogMessage {
    const level = String(params.level).slice(0, 100);
    const logger = typeof params.logger === "string" && params.logger ? params.logger.slice(0, 200) : undefined;
    const { data, size } = boundedData(params.data);
    const message: ServerLogMessage = { sessionId: this.sessionId, seq: ++this.seq, level, ...(logger ? { logger } : {}), data };
    this.messages.push(message);
    this.sizes.push(size + level.length + (logger?.length ?? 0));
    this.chars += this.sizes.at(-1)!;
    let drop = 0;
    while (this.messages.length - drop > 1 && (this.messages.length - drop > this.maxMessages || this.chars > this.maxChars)) this.chars -= this.sizes[drop++]!;
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

function boundedData(data: unknown): { data: unknown; size: number } {
  let text: string;
  try {
    text = JSON.stringify(data) ?? "null";
  } catch {
    text = String(data);
  }
  if (text.length <= DATA_CHARS_KEPT) return { data, size: text.length };
  const cut = `${text.slice(0, DATA_CHARS_KEPT)}… (cut: ${text.length.toLocaleString("en-US")} characters in all; the protocol log has the message)`;
  return { data: cut, size: cut.length };
}
