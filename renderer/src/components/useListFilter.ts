// A server's list filtered as the user types (Tools, Resources, Prompts), fast enough for 100,000 items:
// each item's search text is lower-cased once per list, not once per keystroke, and bounded, so a 1 MB
// name or description costs its first few hundred characters and no more.
import { useMemo } from "react";

/** Characters of each field that are searched (and, in the lists, drawn). */
export const FIELD_CHARS = 256;

/** `text` cut to `chars` characters, with an ellipsis when something was left out. */
export function clipText(text: string, chars = FIELD_CHARS): string {
  return text.length > chars ? `${text.slice(0, chars)}…` : text;
}

/** One item's search text: its fields, each cut to FIELD_CHARS, lower-cased, one per line. */
export function searchText(fields: readonly unknown[]): string {
  let key = "";
  for (const field of fields) if (typeof field === "string" && field) key += `${field.slice(0, FIELD_CHARS).toLowerCase()}\n`;
  return key;
}

export interface ListFilter<T> {
  /** The items that match what was typed (all of them when nothing was). */
  shown: readonly T[];
  /** The typed text, trimmed and lower-cased. */
  needle: string;
}

/** Filters remembered per list (at most 400 KB each for 100,000 items): typing on narrows the last result, Backspace finds its earlier one. */
const FILTERS_KEPT = 16;

/** The indexes of `keys` (all, or those in `within`) that hold `needle`. */
function matching(keys: readonly string[], needle: string, within: Int32Array | undefined): Int32Array {
  const found = new Int32Array(within ? within.length : keys.length);
  let n = 0;
  if (within) for (const i of within) (keys[i] as string).includes(needle) && (found[n++] = i);
  else for (let i = 0; i < keys.length; i++) (keys[i] as string).includes(needle) && (found[n++] = i);
  return found.slice(0, n);
}

/**
 * `items` that match `filter` in any of `fields(item)`, case-insensitively. `fields` must be a stable
 * function (a module-level one): the search texts are computed again only when `items` changes.
 * Filtered in the render that takes the keystroke (no useDeferredValue: a deferred render waits for a
 * frame of its own, and this one fits in the same frame): a needle holding one searched before is looked
 * for only among that one's matches, and a needle seen before (Backspace) is answered from memory.
 */
export function useListFilter<T>(items: readonly T[], fields: (item: T) => readonly unknown[], filter: string): ListFilter<T> {
  const keys = useMemo(() => items.map((item) => searchText(fields(item))), [items, fields]);
  // Per list: needle → the indexes of the items that match it, the most recent last.
  const found = useMemo(() => new Map<string, Int32Array>(), [keys]);
  const needle = filter.trim().toLowerCase();
  const shown = useMemo(() => {
    if (!needle) return items;
    let matches = found.get(needle);
    if (matches) found.delete(needle);
    else {
      let within: Int32Array | undefined;
      for (const [earlier, indexes] of found) if (needle.includes(earlier) && (!within || indexes.length < within.length)) within = indexes;
      matches = matching(keys, needle, within);
    }
    found.set(needle, matches);
    if (found.size > FILTERS_KEPT) found.delete(found.keys().next().value as string);
    const list = new Array<T>(matches.length);
    for (let i = 0; i < matches.length; i++) list[i] = items[matches[i] as number] as T;
    return list;
  }, [items, keys, found, needle]);
  return { shown, needle };
}
