// E6: what a 2026-07-28 list or read result said about caching, in words: fresh for how long, and who may
// keep it. Shown, never obeyed: nothing here fetches again on its own.
import type { CacheHints, SessionInfo } from "../../../shared/types.js";
import { own } from "../util/dict.js";
import { formatTimeLeft } from "../util/time.js";
import { useNow } from "./useNow.js";

const SCOPES: Record<string, string> = {
  public: "public: any cache may keep it",
  private: "private: only caches for this user",
};

/** Shown on 2026-07-28 (where missing hints are worth saying), and on any session whose server sent some. */
export function CacheHintNote({ hints, what, era }: { hints: CacheHints | undefined; what: string; era: SessionInfo["era"] }) {
  const now = useNow();
  if (era !== "modern" && !hints) return null;
  return (
    <p className="note cache-hint" role="note" aria-label={`Cache hints of the ${what}`}>
      {describeCacheHints(hints, now)}
    </p>
  );
}

export function describeCacheHints(hints: CacheHints | undefined, now: number): string {
  if (!hints || hints.ttlMs === undefined) {
    const scope = hints?.cacheScope !== undefined ? ` · ${describeScope(hints.cacheScope)}` : "";
    return `No ttlMs: stale at once, as the spec says${scope}`;
  }
  const ttl = Math.max(0, hints.ttlMs);
  const freshUntil = hints.receivedAt + ttl;
  const freshness =
    hints.ttlMs < 0
      ? `ttlMs ${hints.ttlMs} (negative, read as 0): stale at once`
      : ttl === 0
        ? "ttlMs 0: stale at once"
        : now < freshUntil
          ? `Fresh for ${formatTimeLeft(freshUntil - now)} more (ttlMs ${ttl})`
          : `Stale since ${new Date(freshUntil).toLocaleTimeString(undefined, { hour12: false })} (ttlMs ${ttl})`;
  const scope = hints.cacheScope !== undefined ? ` · ${describeScope(hints.cacheScope)}` : " · no cacheScope";
  return `${freshness}${scope}`;
}

function describeScope(scope: string): string {
  return own(SCOPES, scope) ?? `cacheScope "${scope}" is neither public nor private`;
}
