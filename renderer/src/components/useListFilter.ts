// A server's list filtered as the user types (Tools, Resources, Prompts), fast enough for 100,000 items:
// each item's search text is lower-cased once per list, not once per keystroke, and bounded, so a 1 MB
// name or description costs its first few hundred characters and no more. The list follows the typed
// text through useDeferredValue: the filter box answers each key at once, the list as soon as it can.
import { useDeferredValue, useMemo } from "react";

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
  /** The typed text, trimmed and lower-cased, as the list last applied it (may lag `filter` by a frame). */
  needle: string;
}

/**
 * `items` that match `filter` in any of `fields(item)`, case-insensitively. `fields` must be a stable
 * function (a module-level one): the search texts are computed again only when `items` changes.
 */
export function useListFilter<T>(items: readonly T[], fields: (item: T) => readonly unknown[], filter: string): ListFilter<T> {
  const keys = useMemo(() => items.map((item) => searchText(fields(item))), [items, fields]);
  const needle = useDeferredValue(filter.trim().toLowerCase());
  const shown = useMemo(() => {
    if (!needle) return items;
    const found: T[] = [];
    for (let i = 0; i < keys.length; i++) if ((keys[i] as string).includes(needle)) found.push(items[i] as T);
    return found;
  }, [items, keys, needle]);
  return { shown, needle };
}
