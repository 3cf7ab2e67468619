// TASKS-SPEC Q1: which of "Run" / "Run as task" a tool offers. M2: on 2026-07-28 the server decides, so only "Run".
import type { Tool } from "@modelcontextprotocol/sdk/types.js";
import type { SessionInfo } from "../../../../shared/types.js";

export interface RunModes {
  run: boolean;
  runAsTask: boolean;
}

export function runModes(session: SessionInfo | undefined, tool: Tool): RunModes {
  if (session?.era === "modern") return { run: true, runAsTask: false };
  // Never a task unless the server advertises tasks.requests.tools.call.
  if (!session?.serverCapabilities?.tasks?.requests?.tools?.call) return { run: true, runAsTask: false };
  switch (tool.execution?.taskSupport) {
    case "optional":
      return { run: true, runAsTask: true };
    case "required":
      return { run: false, runAsTask: true };
    default:
      // absent or "forbidden"
      return { run: true, runAsTask: false };
  }
}
