// The JSON-RPC engine of a 2026-07-28 session: the SDK's Protocol (ids, time-outs, progress, cancel)
// with every request wrapped in the per-request `_meta` envelope (E4, M1) and results taken raw, because
// a modern result is polymorphic (`resultType`: complete, input_required, task) and the caller decides.
// Why not the SDK v2 Client: it silently drops a request the server sends (E5 wants an error answer and
// a flag), rejects `resultType: "task"` on tools/call (M2), and answers input_required rounds itself (I3/I5).
import { Protocol, type RequestOptions } from "@modelcontextprotocol/sdk/shared/protocol.js";
import { ErrorCode, McpError, type Notification, type Request, type Result } from "@modelcontextprotocol/sdk/types.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import { z } from "zod";
import { explainModernError, withEnvelope, type Envelope } from "../protocol/envelope.js";

/** Any JSON object: modern results are read by their `resultType`, not forced through one schema. */
const RawResultSchema = z.looseObject({});
export type RawResult = Record<string, unknown>;

export interface ModernConnectionHooks {
  /** E5: the server sent us a request, which 2026-07-28 forbids. */
  violation(method: string): void;
}

export class ModernConnection extends Protocol<Request, Notification, Result> {
  constructor(
    private envelope: Envelope,
    private readonly hooks: ModernConnectionHooks,
  ) {
    super();
    // Not even ping: a modern server has no channel for requests to the client at all (E5).
    this.removeRequestHandler("ping");
    this.fallbackRequestHandler = async (request) => {
      this.hooks.violation(request.method);
      throw new McpError(
        ErrorCode.MethodNotFound,
        `Protocol violation: a 2026-07-28 server must not send requests to the client (got "${request.method.slice(0, 200)}")`,
      );
    };
  }

  /** E6: on 2026-07-28 the log level rides on every request's `_meta`. */
  setLogLevel(level: string): void {
    this.envelope = { ...this.envelope, logLevel: level };
  }

  get protocolVersion(): string {
    return this.envelope.protocolVersion;
  }

  /** One modern request: the envelope added, the result returned as the server sent it. */
  async call(method: string, params: Record<string, unknown> | undefined, options?: RequestOptions): Promise<RawResult> {
    try {
      return (await this.request({ method, params: withEnvelope(params, this.envelope) }, RawResultSchema, options)) as RawResult;
    } catch (error) {
      // E4: the modern errors say what the user can do about them.
      const meaning = error instanceof McpError ? explainModernError(error.code, error.data) : undefined;
      if (!meaning) throw error;
      const said = (error as McpError).message.replace(/^MCP error -?\d+: /, "");
      throw new McpError((error as McpError).code, `${meaning} The server said: ${said}`, (error as McpError).data);
    }
  }

  override connect(transport: Transport): Promise<void> {
    return super.connect(transport);
  }

  protected assertCapabilityForMethod(): void {}
  protected assertNotificationCapability(): void {}
  protected assertRequestHandlerCapability(): void {}
  protected assertTaskCapability(): void {}
  protected assertTaskHandlerCapability(): void {}
}
