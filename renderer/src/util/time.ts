// Time formatting for task rows and deadlines: one place, so every countdown reads the same.

/** "4m 05s", "1h 02m", "12s"; "expired" once the moment has passed. */
export function formatTimeLeft(ms: number): string {
  if (ms <= 0) return "expired";
  const total = Math.ceil(ms / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  if (h > 0) return `${h}h ${String(m).padStart(2, "0")}m`;
  if (m > 0) return `${m}m ${String(s).padStart(2, "0")}s`;
  return `${s}s`;
}

/** Milliseconds until a task's ttl elapses, or undefined for an unlimited ttl. */
export function ttlLeft(createdAt: string, ttl: number | null | undefined, now: number): number | undefined {
  if (typeof ttl !== "number") return undefined;
  const created = Date.parse(createdAt);
  if (Number.isNaN(created)) return undefined;
  return created + ttl - now;
}

let clockFormat: Intl.DateTimeFormat | undefined;

/**
 * A clock time in the user's locale, 24-hour ("10:31:02"), as toLocaleTimeString(undefined, { hour12: false })
 * says it. One formatter for the page: each such call makes a new one, and the first costs 20 ms or more
 * (ICU's locale data), which fell on the first run card drawn.
 */
export function clockTime(at: number | Date): string {
  const d = new Date(at);
  if (Number.isNaN(d.getTime())) return "Invalid Date";
  clockFormat ??= new Intl.DateTimeFormat(undefined, { hour: "numeric", minute: "numeric", second: "numeric", hour12: false });
  return clockFormat.format(d);
}

/** Makes the formatter before any card needs it: the window calls this once idle after its first paint. */
export function prepareClockFormat(): void {
  clockTime(0);
}

export function formatClock(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return clockTime(d);
}

export function formatMs(ms: number | null | undefined): string {
  if (typeof ms !== "number") return "—";
  return ms >= 1000 && ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`;
}

/** A moment to the millisecond ("10:31:02.417"), for the Details of a task: when it ended, was cancelled, was deleted. */
export function formatInstant(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return `${clockTime(d)}.${String(d.getMilliseconds()).padStart(3, "0")}`;
}

/** When a finished task's last status message came, as HH:MM:SS (a clock time, like the table's Created). */
export function formatMessageTime(iso: string): string {
  return formatClock(iso);
}
