// E6: 2026-07-28 list and read results carry `ttlMs` and `cacheScope` (a freshness hint, and who may
// cache). The inspector shows them to the server's author and never turns them into timers: a list is
// fetched again when the user asks or a list-changed notification says so.
import type { CacheHints } from "./types.js";

/** The hints of one result as sent (a hostile value is dropped, not coerced), with when it arrived. */
export function cacheHintsOf(result: Record<string, unknown>, receivedAt: number): CacheHints | undefined {
  const { ttlMs, cacheScope } = result;
  const ttl = typeof ttlMs === "number" && Number.isFinite(ttlMs) ? ttlMs : undefined;
  const scope = typeof cacheScope === "string" ? cacheScope.slice(0, 100) : undefined;
  if (ttl === undefined && scope === undefined) return undefined;
  return { ...(ttl !== undefined ? { ttlMs: ttl } : {}), ...(scope !== undefined ? { cacheScope: scope } : {}), receivedAt };
}
