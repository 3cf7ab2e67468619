// AP12: the share of a session's log its Apps' bridge rows may hold, the same in main's log and the page's copy.

/**
 * The App rows of a session's log hold at most this share of its count and byte budget, and over it only
 * App rows go: a flooding App cannot push the session's other history out.
 */
export const APP_LOG_SHARE = 0.25;

/** The App rows' own limits within a log's limits. */
export function appShareOf(limits: { entries: number; bytes: number }): { entries: number; bytes: number } {
  return { entries: Math.max(1, Math.floor(limits.entries * APP_LOG_SHARE)), bytes: Math.floor(limits.bytes * APP_LOG_SHARE) };
}

/** What an App row says of the App rows its share has dropped so far. */
export function appDroppedNote(dropped: number): string {
  return `${dropped.toLocaleString("en-US")} earlier App bridge ${dropped === 1 ? "row was" : "rows were"} dropped: the Apps' share of this log (a quarter of it) is full; the session's other messages are kept`;
}
