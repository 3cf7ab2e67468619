// Task statuses both sides of the wire read the same way (client tasks and receiver tasks, R4).
import type { TaskStatus } from "../../../shared/types.js";

const TERMINAL: ReadonlySet<TaskStatus> = new Set(["completed", "failed", "cancelled"]);
export const isTerminalStatus = (status: TaskStatus): boolean => TERMINAL.has(status);
