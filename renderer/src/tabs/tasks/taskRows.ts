// The Tasks table's rows: client and receiver tasks side by side, newest first, filtered.
//
// The table asks for rows by index, a screenful at a time, so a view is an index → task key map, not
// an array of row objects rebuilt from every task on every batch. With no status filter, the view
// depends only on which tasks exist (`taskOrder`), so a status change costs it nothing. A status
// filter is kept up to date from the keys each batch touched: a task that enters or leaves it is
// placed by binary search on its position in `taskOrder` (tasks keep the place where they appeared;
// status changes never move them).
import type { Task } from "@modelcontextprotocol/sdk/types.js";
import { clientTaskEnding } from "../../../../shared/taskEnding.js";
import type { ClientTask, ReceiverTask, TaskStatus } from "../../../../shared/types.js";
import type { TasksState } from "../../store/tasksSlice.js";

export type TaskKind = "client" | "receiver";

export interface TaskRow {
  key: string;
  kind: TaskKind;
  sessionId: string;
  task: Task;
  /** The tool name for a client task; "sampling" or "elicitation" for a receiver task. */
  origin: string;
  linkedInputIds: string[];
  client?: ClientTask;
  receiver?: ReceiverTask;
}

export const TERMINAL: ReadonlySet<string> = new Set<TaskStatus>(["completed", "failed", "cancelled"]);

/** The status word the table shows: the protocol's status, or what became of a client task that went. */
export type ShownStatus = TaskStatus | "deleted" | "expired";

/** M3 / Q2: a client task that went says so in its status word ("deleted", "expired"), not the "working" it last had. */
export function goneWord(row: TaskRow): "deleted" | "expired" | undefined {
  const ending = row.client ? clientTaskEnding(row.client) : undefined;
  return ending === "deleted" || ending === "expired" ? ending : undefined;
}

export interface TaskFilter {
  kind: TaskKind | "all";
  /** Filed under the word the Status column shows, so a deleted task is not found under "working". */
  status: ShownStatus | "all";
  /** Only this session's tasks; absent: every session's (the "All sessions" choice). */
  sessionId?: string;
}

export const NO_FILTER: TaskFilter = { kind: "all", status: "all" };

/** One row from the task records: the client task if both kinds share the key (as in taskOrder). */
export function taskRowOf(key: string, client: ClientTask | undefined, receiver: ReceiverTask | undefined): TaskRow | undefined {
  if (client) return { key, kind: "client", sessionId: client.sessionId, task: client.task, origin: client.toolName, linkedInputIds: client.pendingInputIds, client };
  if (!receiver) return undefined;
  return {
    key,
    kind: "receiver",
    sessionId: receiver.sessionId,
    task: receiver.task,
    origin: receiver.method === "sampling/createMessage" ? "sampling" : "elicitation",
    linkedInputIds: receiver.pendingInputId ? [receiver.pendingInputId] : [],
    receiver,
  };
}

type TaskRecords = Pick<TasksState, "clientTasks" | "receiverTasks">;

function matches(records: TaskRecords, key: string, filter: TaskFilter): boolean {
  const row = taskRowOf(key, records.clientTasks[key], records.receiverTasks[key]);
  if (!row) return false;
  return (
    (filter.kind === "all" || filter.kind === row.kind) &&
    (filter.status === "all" || (goneWord(row) ?? row.task.status) === filter.status) &&
    (filter.sessionId === undefined || row.sessionId === filter.sessionId)
  );
}

/** A filter that keeps every task: the view is taskOrder itself. */
export function keepsAll(filter: TaskFilter): boolean {
  return filter.kind === "all" && filter.status === "all" && filter.sessionId === undefined;
}

/** The rows a filter shows, newest first: index → task key. */
export interface TaskView {
  readonly length: number;
  keyAt(index: number): string | undefined;
  /** The row index of a task, or -1 if the view does not show it. O(log n). */
  indexOf(key: string): number;
}

const positions = new WeakMap<readonly string[], Map<string, number>>();

/** key → its index in taskOrder; built once per taskOrder (which changes only when tasks come or go). */
function positionsIn(order: readonly string[]): Map<string, number> {
  let map = positions.get(order);
  if (!map) {
    map = new Map();
    for (let i = 0; i < order.length; i++) map.set(order[i] as string, i);
    positions.set(order, map);
  }
  return map;
}

/** Every task, newest first: taskOrder read backwards, nothing copied. */
export function allTasksView(order: readonly string[]): TaskView {
  return {
    length: order.length,
    keyAt: (index) => order[order.length - 1 - index],
    indexOf: (key) => {
      const at = positionsIn(order).get(key);
      return at === undefined ? -1 : order.length - 1 - at;
    },
  };
}

/**
 * The tasks a filter keeps, newest first, as parallel arrays of keys and their positions in taskOrder
 * (descending). `update` applies one batch's touched keys in O(touched × log n) plus the moves of
 * the arrays' tails when a task enters or leaves.
 */
export class FilteredTaskView implements TaskView {
  private readonly keys: string[] = [];
  private readonly at: number[] = [];

  constructor(
    private readonly records: TaskRecords,
    private readonly order: readonly string[],
    private readonly filter: TaskFilter,
  ) {
    for (let i = order.length - 1; i >= 0; i--) {
      const key = order[i] as string;
      if (matches(records, key, filter)) {
        this.keys.push(key);
        this.at.push(i);
      }
    }
  }

  /** Whether this view was built for these inputs (the records are the store's own, updated in place). */
  isFor(records: TaskRecords, order: readonly string[], filter: TaskFilter): boolean {
    return (
      this.records.clientTasks === records.clientTasks &&
      this.records.receiverTasks === records.receiverTasks &&
      this.order === order &&
      this.filter.kind === filter.kind &&
      this.filter.status === filter.status &&
      this.filter.sessionId === filter.sessionId
    );
  }

  get length(): number {
    return this.keys.length;
  }

  keyAt(index: number): string | undefined {
    return this.keys[index];
  }

  indexOf(key: string): number {
    const position = positionsIn(this.order).get(key);
    if (position === undefined) return -1;
    const index = this.slot(position);
    return this.keys[index] === key ? index : -1;
  }

  /** Re-check the tasks a batch touched (the set of tasks and their order are unchanged). */
  update(touched: readonly string[]): void {
    const where = positionsIn(this.order);
    for (const key of touched) {
      const position = where.get(key);
      if (position === undefined) continue;
      const index = this.slot(position);
      const shown = this.keys[index] === key;
      const wanted = matches(this.records, key, this.filter);
      if (wanted && !shown) {
        this.keys.splice(index, 0, key);
        this.at.splice(index, 0, position);
      } else if (!wanted && shown) {
        this.keys.splice(index, 1);
        this.at.splice(index, 1);
      }
    }
  }

  /** The first index whose position is at most `position` (positions descend). */
  private slot(position: number): number {
    let lo = 0;
    let hi = this.at.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((this.at[mid] as number) > position) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}
