// Builds the SDK transport for a server config. stdio servers get the user's environment plus the
// configured variables, and their stderr is split into lines for the UI.
import { getDefaultEnvironment } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { SSEClientTransport } from "@modelcontextprotocol/sdk/client/sse.js";
import type { Stream } from "node:stream";
import { StringDecoder } from "node:string_decoder";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import type { TransportConfig } from "../../../shared/types.js";
import { InspectorStdioTransport, type ExitStatus } from "./stdioTransport.js";
import { modernHttpFetch, type ParamHeadersLookup } from "./httpHeaders.js";
import { RequestStreams } from "./requestStreams.js";
import { fresh } from "../../../shared/byteBudget.js";

export interface OpenedTransport {
  transport: Transport;
  /** The child's pid for stdio servers, once started. */
  pid(): number | null;
  /** How a stdio server's process ended, once it has. */
  exit(): ExitStatus | undefined;
  /** Stop a stdio server's process at once, SIGKILL if it ignores SIGTERM (nothing for HTTP). */
  terminate(): Promise<void>;
  /**
   * 2026-07-28 over Streamable HTTP: cancel our request `id` by closing its response stream, the way that
   * binding cancels (no notifications/cancelled); false when there is nothing to close.
   */
  closeRequestStream?(id: unknown): boolean;
}

type Fetch = (url: string | URL, init?: RequestInit) => Promise<Response>;

/**
 * `modern`: a 2026-07-28 connection over HTTP, whose every POST carries the standard MCP headers (E4, M9).
 * `authFetch`: wraps a fetch with the session's OAuth (bearer token, the flow on 401), innermost, so the
 * request it sends again after signing in carries the same MCP headers.
 */
export function openTransport(
  config: TransportConfig,
  onStderrLine: (line: string) => void,
  options: { modern?: { protocolVersion: string; paramHeaders?: ParamHeadersLookup }; authFetch?: (inner?: Fetch) => Fetch } = {},
): OpenedTransport {
  const authed: Fetch = options.authFetch ? options.authFetch(fetch) : fetch;
  switch (config.type) {
    case "stdio": {
      const transport = new InspectorStdioTransport({
        command: config.command,
        args: config.args,
        env: { ...getDefaultEnvironment(), ...config.env },
        cwd: config.cwd,
        stderr: "pipe",
      });
      const stderr = transport.stderr;
      if (stderr) splitLines(stderr, onStderrLine);
      return { transport, pid: () => transport.pid, exit: () => transport.exit, terminate: () => transport.terminate() };
    }
    case "streamableHttp": {
      const streams = options.modern ? new RequestStreams() : undefined;
      return {
        transport: new StreamableHTTPClientTransport(new URL(config.url), {
          requestInit: { headers: config.headers },
          ...(options.modern && streams ? { fetch: streams.wrap(modernHttpFetch(options.modern.protocolVersion, authed, options.modern.paramHeaders)) } : options.authFetch ? { fetch: authed } : {}),
        }),
        pid: () => null,
        exit: () => undefined,
        terminate: async () => {},
        ...(streams ? { closeRequestStream: (id: unknown) => streams.close(id) } : {}),
      };
    }
    case "sse":
      return {
        transport: new SSEClientTransport(new URL(config.url), {
          requestInit: { headers: config.headers },
          ...(options.authFetch ? { fetch: authed } : {}),
          eventSourceInit: { fetch: (url, init) => authed(url, { ...init, headers: { ...config.headers, ...(init?.headers as Record<string, string>) } }) },
        }),
        pid: () => null,
        exit: () => undefined,
        terminate: async () => {},
      };
  }
}

/** One stderr line is kept up to this many characters (a 400 MB line without a newline is one line). */
export const MAX_STDERR_LINE = 8 * 1024;

function splitLines(stream: Stream, onLine: (line: string) => void): void {
  let buffer = "";
  /** The kept start of a line longer than MAX_STDERR_LINE, while the rest of it streams past. */
  let head: string | undefined;
  let dropped = 0;
  // A multi-byte character split across chunks must not turn into two replacement characters.
  const decoder = new StringDecoder("utf8");
  const finish = (rest: string) => {
    // fresh(): a line sliced from the buffer would keep the whole buffer (a chunk, or a 64 KB run) alive in the kept stderr.
    if (head === undefined && rest.length <= MAX_STDERR_LINE) return onLine(fresh(rest.endsWith("\r") ? rest.slice(0, -1) : rest));
    if (head === undefined) {
      head = rest.slice(0, MAX_STDERR_LINE);
      rest = rest.slice(MAX_STDERR_LINE);
    }
    onLine(`${fresh(head)} … [${dropped + rest.length} more characters of this line were not kept]`);
    head = undefined;
    dropped = 0;
  };
  stream.on("data", (chunk: string | Buffer) => {
    buffer += typeof chunk === "string" ? chunk : decoder.write(chunk);
    let index: number;
    while ((index = buffer.indexOf("\n")) !== -1) {
      finish(buffer.slice(0, index));
      buffer = buffer.slice(index + 1);
    }
    // A server that never prints a newline must not grow this buffer: keep the line's start, count the rest.
    if (head !== undefined) {
      dropped += buffer.length;
      buffer = "";
    } else if (buffer.length > MAX_STDERR_LINE) {
      head = buffer.slice(0, MAX_STDERR_LINE);
      dropped = buffer.length - MAX_STDERR_LINE;
      buffer = "";
    }
  });
  stream.on("end", () => {
    if (buffer || head !== undefined) finish(buffer);
    buffer = "";
  });
}
