// Issue 33 for client tasks: the result of a tool called as a task (tasks/result on 2025-11-25, inline on
// 2026-07-28) reaches the page as a run's does: past RESULT_PAGE_BYTES it goes cut (`ClientTask.pieces`),
// and the page reads the rest a piece at a time (readResultPiece with the task's id). Only what goes to a
// page is cut: the core's own readers (the CLI, recordings, collections) keep the whole result.
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { RESULT_PAGE_BYTES } from "../../shared/byteBudget.js";
import type { ApiMethod, InspectorEvent } from "../../shared/contract.js";
import type { ClientTask, ResultPart, ResultPieces } from "../../shared/types.js";
import { cutForPage } from "./cutResult.js";
import { goneMessage, PrintedResults, readResultPart } from "./resultPieces.js";

type PageCut = { result: CallToolResult; pieces?: ResultPieces | undefined };

/** The core as a page reaches it: its answers and events with big task results cut. */
export interface PageSide {
  dispatch(method: ApiMethod, rawParams: unknown): Promise<unknown>;
  subscribe(listener: (event: InspectorEvent) => void): () => void;
}

export class TaskResultsForPage {
  /** Each result's cut, made once however many times its task is sent. */
  private readonly cuts = new WeakMap<CallToolResult, PageCut>();

  constructor(
    private readonly printed: PrintedResults,
    /** The client task as the core holds it now (its whole result), or undefined once let go. */
    private readonly find: (sessionId: string, taskId: string) => ClientTask | undefined,
    private readonly pageBytes = RESULT_PAGE_BYTES,
  ) {}

  /** A client task as the page is sent it: a result past the bound cut, saying in `pieces` what it lacks. */
  task(view: ClientTask): ClientTask {
    const { result } = view;
    if (!result) return view;
    let cut = this.cuts.get(result);
    if (!cut) this.cuts.set(result, (cut = cutForPage(result, this.pageBytes)));
    return cut.pieces ? { ...view, result: cut.result, pieces: cut.pieces } : view;
  }

  event(event: InspectorEvent): InspectorEvent {
    return event.type === "clientTaskChanged" ? { type: event.type, payload: this.task(event.payload) } : event;
  }

  /** An answer of the contract as the page is sent it: every client task in it cut as events cut them. */
  answer(method: ApiMethod, value: unknown): unknown {
    switch (method) {
      case "getSnapshot": {
        const snapshot = value as { clientTasks: ClientTask[] };
        return { ...snapshot, clientTasks: snapshot.clientTasks.map((t) => this.task(t)) };
      }
      case "callToolAsTask":
      case "cancelClientTask":
      case "followClientTask":
        return this.task(value as ClientTask);
      case "callTool":
      case "appCallTool": {
        const answer = value as { startedTask?: ClientTask };
        return answer.startedTask ? { ...answer, startedTask: this.task(answer.startedTask) } : value;
      }
      default:
        return value;
    }
  }

  /** A piece of a client task's result, for a page that was sent it cut. */
  readPiece(sessionId: string, taskId: string, part: ResultPart, offset: number, maxBytes: number): { text: string; chars: number } {
    const view = this.find(sessionId, taskId);
    const name = `Task ${taskId.slice(0, 100)}`;
    if (!view?.result) throw new Error(goneMessage(name, "its session or its task was let go, or it has no result yet"));
    // Cut since the page was sent it (the session's task results past their budget): its offsets no longer fit.
    if (view.cut) throw new Error(goneMessage(name, "older results are cut to keep the session's within its budget"));
    return readResultPart(this.printed, `task:${sessionId}\u0000${taskId}`, name.toLowerCase(), view.result, part, offset, maxBytes);
  }
}

/** The core as a page reaches it (the desktop window's IPC, browser mode's WebSocket). */
export function pageSide(core: PageSide, tasks: TaskResultsForPage): PageSide {
  return {
    dispatch: async (method, rawParams) => tasks.answer(method, await core.dispatch(method, rawParams)),
    subscribe: (listener) => core.subscribe((event) => listener(tasks.event(event))),
  };
}
