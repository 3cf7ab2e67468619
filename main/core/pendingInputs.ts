// Requests from servers that wait on the user (sampling, elicitation), across all sessions.
// An entry leaves exactly once: answered by the user, or withdrawn with a reason the UI shows.
import { cutToFit, jsonSize } from "../../shared/byteBudget.js";
import type { PendingInput, WithdrawReason } from "../../shared/types.js";
import type { EventBus } from "./eventBus.js";
import { isoTime, type Clock, type Ports } from "./ports.js";

/** A new pending input for a request a session's server made (legacy request, MRTR round or modern task). */
export function newPendingInput(
  from: { sessionId: string; serverName: string; ports: Ports },
  kind: PendingInput["kind"],
  params: Record<string, unknown>,
  link: Pick<PendingInput, "modern" | "relatedTaskId"> = {},
): PendingInput {
  return { id: from.ports.newId(), sessionId: from.sessionId, serverName: from.serverName, kind, params, receivedAt: isoTime(from.ports.clock.now()), ...link };
}

export type SamplingAnswer =
  | { kind: "sampling"; result: Record<string, unknown> }
  | { kind: "sampling"; error: { code: number; message: string } };
export type ElicitationAnswer = { kind: "elicitation"; result: { action: "accept" | "decline" | "cancel"; content?: Record<string, unknown> } };
export type PendingAnswer = SamplingAnswer | ElicitationAnswer;

export interface PendingInputHooks {
  /** Deliver the user's answer to whoever waits for it (the request handler or the receiver task). */
  answered(answer: PendingAnswer): void;
  /** The input is gone without an answer; release whoever waits. */
  withdrawn(reason: WithdrawReason, message: string): void;
}

export class PendingInputNotFoundError extends Error {
  override name = "PendingInputNotFoundError";
}

interface Entry {
  input: PendingInput;
  hooks: PendingInputHooks;
  /** Its params' size as kept (JSON text). */
  bytes: number;
}

/**
 * The pending inputs that hold one request's time-outs while the user answers them (requestGuard.ts):
 * `held(id)` as each related input opens, `released(id)` as it leaves; the returned function unsubscribes.
 */
export interface InputHold {
  subscribe(held: (inputId: string) => void, released: (inputId: string) => void): () => void;
  /** For the time a held request has left of its maximum total. */
  clock: Clock;
}

interface Watcher {
  sessionId: string;
  held(inputId: string): void;
  released(inputId: string): void;
}

/**
 * Issue 19: the params one session's pending inputs hold whole, together; past it, a new input's params
 * are cut to PENDING_INPUT_CUT_BYTES and say so. What is shown (and kept in a withdrawn note) stays
 * bounded however many big requests a server sends.
 */
export const PENDING_INPUTS_BYTES = 64 * 1024 * 1024;
export const PENDING_INPUT_CUT_BYTES = 64 * 1024;

export class PendingInputs {
  private readonly entries = new Map<string, Entry>();
  /** Why recent inputs left, so a late answer gets a precise message instead of "unknown id". */
  private readonly departed = new Map<string, string>();
  /** Requests in flight that an input of their session would hold (legacy relation; see holdsFor). */
  private readonly watchers = new Set<Watcher>();
  /** Bytes of params held, per session. */
  private readonly sessionBytes = new Map<string, number>();

  constructor(
    private readonly bus: EventBus,
    /** Issue 13: where a withdrawn input is kept as a note (the core's WithdrawnNotes), so a reload still shows it. */
    private readonly onWithdrawn?: (input: PendingInput, reason: WithdrawReason, message: string) => void,
    private readonly budget = { bytes: PENDING_INPUTS_BYTES, cutTo: PENDING_INPUT_CUT_BYTES },
  ) {}

  /** Where each input that leaves is recorded, with the answer sent or why it was withdrawn (the core's RequestHistory). */
  history?: { answered(input: PendingInput, answer: PendingAnswer): void; withdrawn(input: PendingInput, reason: WithdrawReason, message: string): void };

  add(input: PendingInput, hooks: PendingInputHooks): void {
    const held = this.sessionBytes.get(input.sessionId) ?? 0;
    let bytes = jsonSize(input.params, this.budget.bytes - held);
    if (held + bytes > this.budget.bytes) {
      const fitted = cutToFit(input.params, this.budget.cutTo);
      input = { ...input, params: fitted.value as Record<string, unknown>, ...(fitted.cut ? { cut: fitted.cut } : {}) };
      bytes = fitted.size;
    }
    this.sessionBytes.set(input.sessionId, held + bytes);
    this.entries.set(input.id, { input, hooks, bytes });
    this.bus.emit("pendingInputAdded", input);
    // A server request (legacy) relates to every request of its session in flight as it arrives: over stdio
    // nothing names the request it serves. A modern input (MRTR round, task) relates to its own call, whose
    // request is not on the wire while the input is open (each round is a new request, sent after the answers).
    if (input.modern) return;
    for (const watcher of [...this.watchers]) if (watcher.sessionId === input.sessionId) watcher.held(input.id);
  }

  /** What holds a request of this session while the user answers (requestGuard.ts): inputs that open while it is in flight. */
  holdsFor(sessionId: string, clock: Clock): InputHold {
    return {
      clock,
      subscribe: (held, released) => {
        const watcher: Watcher = { sessionId, held, released };
        this.watchers.add(watcher);
        return () => this.watchers.delete(watcher);
      },
    };
  }

  get(id: string): PendingInput | undefined {
    return this.entries.get(id)?.input;
  }

  list(): PendingInput[] {
    return [...this.entries.values()].map((e) => e.input);
  }

  /** The entry a user is about to answer; throws a readable error when it already left. */
  require(id: string): PendingInput {
    const entry = this.entries.get(id);
    if (!entry) {
      const why = this.departed.get(id);
      throw new PendingInputNotFoundError(
        why ? `This request is no longer pending: ${why}` : `No pending request with id ${id}`,
      );
    }
    return entry.input;
  }

  answer(id: string, answer: PendingAnswer): void {
    const entry = this.entries.get(id);
    if (!entry) this.require(id);
    if (!entry) return;
    if (entry.input.kind !== answer.kind) {
      throw new Error(`Pending request ${id} is ${entry.input.kind}, not ${answer.kind}`);
    }
    this.remove(id, "it was already answered");
    this.bus.emit("pendingInputAnswered", { pendingInputId: id, sessionId: entry.input.sessionId });
    this.keep(() => this.history?.answered(entry.input, answer));
    entry.hooks.answered(answer);
  }

  withdraw(id: string, reason: WithdrawReason, message: string): void {
    const entry = this.entries.get(id);
    if (!entry) return;
    this.remove(id, message);
    this.onWithdrawn?.(entry.input, reason, message);
    this.bus.emit("pendingInputWithdrawn", { pendingInputId: id, sessionId: entry.input.sessionId, reason, message });
    this.keep(() => this.history?.withdrawn(entry.input, reason, message));
    entry.hooks.withdrawn(reason, message);
  }

  withdrawSession(sessionId: string, reason: WithdrawReason, message: string): void {
    for (const entry of [...this.entries.values()]) {
      if (entry.input.sessionId === sessionId) this.withdraw(entry.input.id, reason, message);
    }
  }

  /** Recording the history must never stop an answer reaching the server. */
  private keep(record: () => void): void {
    try {
      record();
    } catch {
      // The history misses one entry; the request is still answered or released.
    }
  }

  private remove(id: string, why: string): void {
    const entry = this.entries.get(id);
    if (entry) {
      const left = (this.sessionBytes.get(entry.input.sessionId) ?? 0) - entry.bytes;
      if (left > 0) this.sessionBytes.set(entry.input.sessionId, left);
      else this.sessionBytes.delete(entry.input.sessionId);
    }
    this.entries.delete(id);
    // Every watcher hears it; one that never held this input ignores it.
    for (const watcher of [...this.watchers]) watcher.released(id);
    this.departed.set(id, why);
    // Bounded: only recent departures need a precise message.
    if (this.departed.size > 1000) {
      const oldest = this.departed.keys().next().value;
      if (oldest !== undefined) this.departed.delete(oldest);
    }
  }
}
