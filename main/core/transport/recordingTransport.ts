// Wraps the real transport of a session: records every JSON-RPC message in and out, and applies the
// two rules that must hold before the SDK sees a message (R1 task stripping, S3 duplicate ids).
import type { Transport, TransportSendOptions } from "@modelcontextprotocol/sdk/shared/transport.js";
import type { JSONRPCMessage, MessageExtraInfo } from "@modelcontextprotocol/sdk/types.js";

export type Direction = "in" | "out";

export interface RecordingOptions {
  /** Called for every message, in wire order. `note` explains a message we did not pass on. */
  record(direction: Direction, message: unknown, note?: string): void;
  /** R1: when false, `params.task` on sampling/elicitation is ignored: the request runs as a plain one. */
  receiverTasksEnabled: boolean;
  /** How many incoming request ids to remember for S3. */
  rememberedRequestIds?: number;
}

const TASKABLE_METHODS = new Set(["sampling/createMessage", "elicitation/create"]);

export class RecordingTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: <T extends JSONRPCMessage>(message: T, extra?: MessageExtraInfo) => void;

  private readonly seenRequestIds = new Set<string>();

  constructor(
    readonly inner: Transport,
    private readonly options: RecordingOptions,
  ) {
    inner.onclose = () => this.onclose?.();
    inner.onerror = (error) => this.onerror?.(error);
    inner.onmessage = (message, extra) => this.receive(message, extra);
  }

  get sessionId(): string | undefined {
    return this.inner.sessionId;
  }

  setProtocolVersion(version: string): void {
    this.inner.setProtocolVersion?.(version);
  }

  start(): Promise<void> {
    return this.inner.start();
  }

  async send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    this.options.record("out", message);
    await this.inner.send(message, options);
  }

  close(): Promise<void> {
    return this.inner.close();
  }

  private receive(message: JSONRPCMessage, extra?: MessageExtraInfo): void {
    this.options.record("in", message);
    if ("method" in message && "id" in message) {
      const key = `${typeof message.id}:${String(message.id)}`;
      if (this.seenRequestIds.has(key)) {
        // S3: a replayed request id (Streamable HTTP stream replays) is not processed twice.
        this.options.record("in", message, `Ignored: request id ${JSON.stringify(message.id)} was already received in this session (S3)`);
        return;
      }
      this.remember(key);
      if (!this.options.receiverTasksEnabled && TASKABLE_METHODS.has(message.method)) {
        message = stripTask(message);
      }
    }
    this.onmessage?.(message, extra);
  }

  private remember(key: string): void {
    this.seenRequestIds.add(key);
    const limit = this.options.rememberedRequestIds ?? 100_000;
    if (this.seenRequestIds.size > limit) {
      const oldest = this.seenRequestIds.values().next().value;
      if (oldest !== undefined) this.seenRequestIds.delete(oldest);
    }
  }
}

function stripTask<T extends JSONRPCMessage>(message: T): T {
  const params = (message as { params?: Record<string, unknown> }).params;
  if (!params || !("task" in params)) return message;
  const { task: _ignored, ...rest } = params;
  return { ...message, params: rest };
}
