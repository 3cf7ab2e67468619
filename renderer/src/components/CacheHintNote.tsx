// E6: what a 2026-07-28 list or read result said about caching, in words: fresh for how long, and who may
// keep it. Shown, never obeyed: nothing here fetches again on its own.
import type { CacheHints, SessionInfo } from "../../../shared/types.js";
import { own } from "../util/dict.js";
import { clockTime, formatTimeLeft } from "../util/time.js";
import { useNow } from "./useNow.js";

// Issue 21: said in a server author's words (who may reuse the answer, and for how long); the protocol's
// terms (`ttlMs`, `cacheScope`) are on hover.
const SCOPES: Record<string, string> = {
  public: "any cache may keep a copy",
  private: "only this user's client may keep a copy",
};

/** Shown on 2026-07-28 (where missing hints are worth saying), and on any session whose server sent some. */
export function CacheHintNote({ hints, what, era }: { hints: CacheHints | undefined; what: string; era: SessionInfo["era"] }) {
  const now = useNow();
  if (era !== "modern" && !hints) return null;
  return (
    <p className="note cache-hint" role="note" aria-label={`Cache hints of the ${what}`} title={cacheHintTerms(hints)}>
      Caching: {describeCacheHints(hints, now)}
    </p>
  );
}

export function describeCacheHints(hints: CacheHints | undefined, now: number): string {
  if (!hints || hints.ttlMs === undefined) {
    const scope = hints?.cacheScope !== undefined ? ` · ${describeScope(hints.cacheScope)}` : "";
    return `no lifetime given, so not reusable, fetch it again each time${scope}`;
  }
  const ttl = Math.max(0, hints.ttlMs);
  const freshUntil = hints.receivedAt + ttl;
  const freshness =
    ttl === 0
      ? `not reusable, fetch it again each time${hints.ttlMs < 0 ? " (a negative lifetime counts as none)" : ""}`
      : now < freshUntil
        ? `reusable for ${formatTimeLeft(freshUntil - now)} more`
        : `no longer reusable since ${clockTime(freshUntil)}`;
  const scope = hints.cacheScope !== undefined ? ` · ${describeScope(hints.cacheScope)}` : " · who may keep a copy not said";
  return `${freshness}${scope}`;
}

/** The same hints in the protocol's terms, for the hover (E6: shown, never obeyed). */
export function cacheHintTerms(hints: CacheHints | undefined): string {
  const ttl = hints?.ttlMs === undefined ? "no ttlMs (stale at once, as the spec says)" : `ttlMs ${hints.ttlMs}`;
  const scope = hints?.cacheScope === undefined ? "no cacheScope" : `cacheScope "${hints.cacheScope.slice(0, 100)}"`;
  return `${ttl} · ${scope}. The 2026-07-28 cache hints are shown here, never obeyed as timers.`;
}

function describeScope(scope: string): string {
  return own(SCOPES, scope) ?? `unknown cache scope "${scope.slice(0, 100)}" (neither public nor private)`;
}
