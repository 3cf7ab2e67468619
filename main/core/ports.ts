// Side effects the core cannot own come in through these small interfaces, so tests pass fakes
// (vitest fake timers drive `systemTimers` directly) instead of sleeping.
import { randomUUID } from "node:crypto";

export interface Clock {
  now(): number;
}

export interface TimerHandle {
  /** Let the process exit while this timer is pending. */
  unref?(): unknown;
}

export interface Timers {
  setTimeout(fn: () => void, ms: number): TimerHandle;
  clearTimeout(handle: TimerHandle): void;
  /** Run `fn` after the current I/O turn: used to send a status notification after the response it follows. */
  defer(fn: () => void): void;
}

/** The longest a Node timer waits: asked for longer, Node fires it after 1 ms instead, so every wait is capped here. */
export const MAX_TIMER_MS = 2_147_483_647;

export interface Ports {
  clock: Clock;
  timers: Timers;
  /** R3: ids we generate for our tasks and pending inputs. */
  newId(): string;
}

export const systemPorts: Ports = {
  clock: { now: () => Date.now() },
  timers: {
    setTimeout: (fn, ms) => setTimeout(fn, ms),
    clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
    defer: (fn) => void setImmediate(fn),
  },
  newId: () => flatString(randomUUID()),
};

/**
 * randomUUID() assembles its string piece by piece, and V8 keeps such a string as a tree of the pieces:
 * about 500 bytes an id instead of about 60. Ids live as long as their task or pending input (10,000 live
 * receiver tasks hold 20,000 of them), so each is flattened once; reading a character does that.
 */
function flatString(value: string): string {
  value.charCodeAt(value.length - 1);
  return value;
}

export function withPorts(overrides: Partial<Ports>): Ports {
  return { ...systemPorts, ...overrides };
}

let lastMs = Number.NaN;
let lastText = "";

/**
 * A clock reading as ISO text. A busy session formats many per millisecond (every message logged, every
 * task and pending input made): the text of the last millisecond is kept, so a burst formats it once.
 */
export function isoTime(ms: number): string {
  if (ms !== lastMs) {
    lastText = new Date(ms).toISOString();
    lastMs = ms;
  }
  return lastText;
}
