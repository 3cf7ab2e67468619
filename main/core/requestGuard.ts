// Time-outs, progress and cancellation for one request the user started (a tool run, a read, a list, a
// ping). The request carries a progressToken; each `notifications/progress` for it restarts the time-out
// (`requestTimeoutMs`), and a maximum total (`maxRequestTotalMs`) holds however much progress comes, as the
// spec's cancellation page asks. Both timers run on the core's Timers port, so tests drive them with fakes.
// While the user answers a pending input related to the request (an elicitation or sampling the server sent
// for it, see InputHold), both timers are held: the user's time is not the server's. On the answer (or the
// input's withdrawal) the time-out starts afresh, as on progress (the server works from then on), and the
// maximum total goes on with what it had left, so a server that keeps asking is still bounded by its own time.
// The SDK's own timer is left out: its maximum total is only checked when a progress notification arrives,
// and then it neither fires on time nor tells the server; aborting our signal makes the SDK send
// `notifications/cancelled` and reject the request with our reason.
import type { RequestOptions } from "@modelcontextprotocol/sdk/shared/protocol.js";
import { ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";
import { inSettings } from "../../shared/settingFields.js";
import type { Progress } from "../../shared/types.js";
import type { InputHold } from "./pendingInputs.js";
import type { TimerHandle, Timers } from "./ports.js";

export interface GuardLimits {
  requestTimeoutMs: number;
  maxRequestTotalMs: number;
}

export interface GuardHooks {
  /** The user's cancel (a run's Cancel button): aborting it cancels the request. */
  signal?: AbortSignal;
  /** A progress notification for the request, already bounded (see `boundedProgress`). */
  progress?(progress: Progress): void;
  /** Pending inputs that hold the time-outs while the user answers them. */
  inputs?: InputHold;
}

/** Runs one request with the options a guard gives it (or a plain time-out, for callers without one). */
export type Guarded = <T>(send: (options: RequestOptions) => Promise<T>) => Promise<T>;

/** The longest a Node timer can wait: the SDK's own time-out is set to it, so ours decide. */
const SDK_TIMER_OFF = 2_147_483_647;
/** A server's progress message is text for the user: this much of it is kept. */
export const PROGRESS_MESSAGE_KEPT = 2000;

export function boundedProgress(raw: { progress: unknown; total?: unknown; message?: unknown }): Progress | undefined {
  if (typeof raw.progress !== "number" || !Number.isFinite(raw.progress)) return undefined;
  const total = typeof raw.total === "number" && Number.isFinite(raw.total) ? raw.total : undefined;
  const message = typeof raw.message === "string" ? raw.message.slice(0, PROGRESS_MESSAGE_KEPT) : undefined;
  return { progress: raw.progress, ...(total !== undefined ? { total } : {}), ...(message ? { message } : {}) };
}

/** Runs `send` with options that carry a progressToken, our two timers and the user's cancel. */
export async function guarded<T>(timers: Timers, limits: GuardLimits, hooks: GuardHooks, send: (options: RequestOptions) => Promise<T>): Promise<T> {
  const guard = new RequestGuard(timers, limits, hooks);
  try {
    return await send(guard.options());
  } finally {
    guard.end();
  }
}

export class RequestGuard {
  private readonly controller = new AbortController();
  private idle?: TimerHandle;
  private total?: TimerHandle;
  private ended = false;
  /** Related pending inputs open now; while any is, the timers are held. */
  private readonly holding = new Set<string>();
  /** When the maximum total runs out (clock ms), and what it had left when held. */
  private totalDeadline?: number;
  private totalLeft?: number;
  private unsubscribe?: () => void;
  private readonly onOuterAbort = () => this.abort(this.hooks.signal?.reason ?? "Cancelled by the user");

  constructor(
    private readonly timers: Timers,
    private readonly limits: GuardLimits,
    private readonly hooks: GuardHooks = {},
  ) {
    if (hooks.signal?.aborted) this.onOuterAbort();
    else hooks.signal?.addEventListener("abort", this.onOuterAbort, { once: true });
    this.startTotal(limits.maxRequestTotalMs);
    this.restartIdle();
    this.unsubscribe = hooks.inputs?.subscribe(
      (inputId) => this.hold(inputId),
      (inputId) => this.release(inputId),
    );
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  options(): RequestOptions {
    return {
      signal: this.controller.signal,
      timeout: SDK_TIMER_OFF,
      // Giving the SDK a progress handler is what puts a progressToken in the request's _meta.
      onprogress: (raw) => this.progress(raw),
    };
  }

  /** The request is answered (or failed): the timers stop. */
  end(): void {
    if (this.ended) return;
    this.ended = true;
    if (this.idle) this.timers.clearTimeout(this.idle);
    if (this.total) this.timers.clearTimeout(this.total);
    this.hooks.signal?.removeEventListener("abort", this.onOuterAbort);
    this.unsubscribe?.();
  }

  /** The user is answering an input the server sent for this request: neither timer runs meanwhile. */
  private hold(inputId: string): void {
    if (this.ended) return;
    this.holding.add(inputId);
    if (this.holding.size > 1) return;
    if (this.idle) this.timers.clearTimeout(this.idle);
    if (this.total) this.timers.clearTimeout(this.total);
    this.idle = this.total = undefined;
    const now = this.hooks.inputs?.clock.now();
    this.totalLeft = now !== undefined && this.totalDeadline !== undefined ? Math.max(0, this.totalDeadline - now) : this.limits.maxRequestTotalMs;
  }

  /** Answered or withdrawn: a fresh time-out (the server works from now on), the rest of the maximum total. */
  private release(inputId: string): void {
    if (this.ended || !this.holding.delete(inputId) || this.holding.size > 0) return;
    this.startTotal(this.totalLeft ?? this.limits.maxRequestTotalMs);
    this.restartIdle();
  }

  private startTotal(ms: number): void {
    const now = this.hooks.inputs?.clock.now();
    this.totalDeadline = now === undefined ? undefined : now + ms;
    this.total = this.timers.setTimeout(() => this.abort(totalTimeout(this.limits.maxRequestTotalMs)), ms);
  }

  private progress(raw: { progress: unknown; total?: unknown; message?: unknown }): void {
    if (this.ended) return;
    // Held while the user answers: progress neither restarts nor re-arms the time-out.
    if (this.holding.size > 0) {
      const held = boundedProgress(raw);
      if (held) this.hooks.progress?.(held);
      return;
    }
    this.restartIdle();
    const progress = boundedProgress(raw);
    if (progress) this.hooks.progress?.(progress);
  }

  private restartIdle(): void {
    if (this.idle) this.timers.clearTimeout(this.idle);
    this.idle = this.timers.setTimeout(() => this.abort(idleTimeout(this.limits.requestTimeoutMs)), this.limits.requestTimeoutMs);
  }

  private abort(reason: unknown): void {
    if (this.ended || this.controller.signal.aborted) return;
    this.controller.abort(reason);
    this.end();
  }
}

function idleTimeout(ms: number): McpError {
  return new McpError(ErrorCode.RequestTimeout, `Request timed out: no answer and no progress for ${formatDuration(ms)} (${inSettings("requestTimeoutMs")})`, {
    timeout: ms,
  });
}

function totalTimeout(ms: number): McpError {
  return new McpError(
    ErrorCode.RequestTimeout,
    `Request stopped after ${formatDuration(ms)} in all: that is the most a request may take (${inSettings("maxRequestTotalMs")}), whatever progress the server reports`,
    { maxTotalTimeout: ms },
  );
}

export function formatDuration(ms: number): string {
  if (ms < 1000) return `${ms} ms`;
  if (ms < 60_000 || ms % 60_000 !== 0) return `${+(ms / 1000).toFixed(1)} s`;
  return `${ms / 60_000} min`;
}
