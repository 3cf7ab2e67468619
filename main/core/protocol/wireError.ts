// The JSON-RPC error a server sent, recovered from the SDK's McpError, as both eras read it (protocol
// floor: below transport, which marks the errors it makes up itself with UNUSABLE_RESPONSE_DATA). The SDK
// prefixes "MCP error <code>: " to the message; Q4 wants the server's own words, so the prefix goes.
import { ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";
import type { JsonRpcError } from "../../../shared/types.js";

/** `data` of the error the recording transport delivers for a response it could not use: it is not the server's error. */
export const UNUSABLE_RESPONSE_DATA = { unusableResponse: true } as const;

export function wireErrorOf(error: McpError): JsonRpcError {
  const prefix = `MCP error ${error.code}: `;
  const message = error.message.startsWith(prefix) ? error.message.slice(prefix.length) : error.message;
  return { code: error.code, message, ...(error.data !== undefined ? { data: error.data } : {}) };
}

const LOCAL_CONNECTION_CLOSED = `MCP error ${ErrorCode.ConnectionClosed}: Connection closed`;

/**
 * Whether an error is the server's JSON-RPC answer rather than one the SDK made up locally (our request
 * timed out, the connection closed, the response did not parse). The codes alone cannot tell: -32000 and
 * -32001 are also in the range servers use for their own errors, so the SDK's exact shapes are matched.
 */
export function isServerError(error: unknown, timeoutMs: number): error is McpError {
  if (!(error instanceof McpError)) return false;
  // Made up by the recording transport when the server's response was unusable (not JSON, too large).
  if ((error.data as { unusableResponse?: unknown } | undefined)?.unusableResponse === UNUSABLE_RESPONSE_DATA.unusableResponse) return false;
  if (error.code === ErrorCode.RequestTimeout) return (error.data as { timeout?: unknown } | undefined)?.timeout !== timeoutMs;
  if (error.code === ErrorCode.ConnectionClosed) return !(error.message === LOCAL_CONNECTION_CLOSED && error.data === undefined);
  return true;
}

/**
 * A server's error, read once: `MCP error -32602: <its message>`. A server on the SDK sends its McpError's
 * message with the prefix already in it, and our SDK adds its own again ("MCP error -32602: MCP error
 * -32602: Unknown resource"); the code is said once, the server's words follow as it meant them.
 */
export function serverErrorOnce(error: unknown): unknown {
  if (!(error instanceof McpError)) return error;
  const prefix = `MCP error ${error.code}: `;
  if (!error.message.startsWith(prefix + prefix)) return error;
  let text = error.message;
  while (text.startsWith(prefix)) text = text.slice(prefix.length);
  return new McpError(error.code, text, error.data);
}
