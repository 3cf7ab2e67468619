// The core's side of an App's bridge (the AppBridge itself runs in the renderer, next to the frame): the
// View's own calls to its server (AP8), refused when the tool's visibility leaves out "app" (AP2), and every
// bridge message in the session's log with its direction (issue 20: "see everything"), bounded.
import { ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";
import { callableByApp } from "../../../shared/apps.js";
import type { ApiResult } from "../../../shared/contract.js";
import type { Session } from "../session.js";

/** A bridge message bigger than this is logged by its start. */
export const MAX_LOGGED_APP_MESSAGE_CHARS = 64 * 1024;

export type BridgeDirection = "app→host" | "host→app";

/** Issue 20: one bridge message in the session's log; the envelope keeps it apart from the wire's ids. */
export function recordAppMessage(session: Session, direction: BridgeDirection, view: string, message: unknown): void {
  const method = typeof (message as { method?: unknown })?.method === "string" ? (message as { method: string }).method.slice(0, 200) : undefined;
  // What the sandbox proxy says itself (it is ready, a View ended, what went wrong in it: AP13) comes up the
  // same channel as the View's messages, but the View did not say it.
  const fromSandbox = direction === "app→host" && method !== undefined && (method === "ui/notifications/sandbox-proxy-ready" || method.startsWith("inspector/"));
  const remark = `MCP App bridge, ${fromSandbox ? "sandbox → host" : direction === "app→host" ? "app → host" : "host → app"}${method ? ` ${method}` : ""} (${view.slice(0, 300)})`;
  const envelope = { bridge: direction, view: view.slice(0, 2048), message };
  let text: string;
  try {
    text = JSON.stringify(envelope);
  } catch {
    text = "(not JSON)";
  }
  if (text.length > MAX_LOGGED_APP_MESSAGE_CHARS) session.recordAppMessage(direction === "app→host", envelope, remark, text.slice(0, 4096));
  else session.recordAppMessage(direction === "app→host", envelope, remark);
}

/**
 * AP8: the View's `tools/call`, on its own session like the user's calls (same guard and time-outs). AP2: a
 * tool whose visibility leaves out "app", or one the server does not list, is refused and the refusal logged.
 */
export async function appCallTool(session: Session, view: string, name: string, args: Record<string, unknown>): Promise<ApiResult<"callTool">> {
  const tool = await session.toolNamed(name);
  const refusal = !tool
    ? `${session.config.name} lists no tool named ${JSON.stringify(name.slice(0, 200))}`
    : !callableByApp(tool)
      ? `The View may not call ${name}: its _meta.ui.visibility leaves out "app"`
      : undefined;
  if (refusal) {
    recordAppMessage(session, "host→app", view, { refused: "tools/call", name: name.slice(0, 200), reason: refusal });
    throw new McpError(ErrorCode.InvalidParams, refusal);
  }
  // AP8: the wire's tools/call names the View that caused it (App → host → server).
  session.remarkNextRequest(`Sent for the MCP App ${view.slice(0, 300)} (its tools/call through the bridge)`);
  return session.callTool(name, args);
}
