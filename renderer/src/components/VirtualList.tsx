// A scrolling list of a server's items (tools, resources, prompts) that renders only the rows in view,
// so 100,000 tools cost a screenful of DOM (a server's list of up to 200 is drawn whole). Each section
// is a real <ul> (named by its heading, if any) whose <li>s say their place in it (aria-posinset / aria-setsize). One item is in the Tab order (the
// selected one, else the first); Up / Down, Page Up / Page Down, Home / End move between items, across
// sections, scrolling the one reached into view.
import { useCallback, useEffect, useImperativeHandle, useLayoutEffect, useMemo, useRef, useState, type ReactNode, type Ref } from "react";
import { defaultRangeExtractor, useVirtualizer, type Range } from "@tanstack/react-virtual";

export interface ListSection<T> {
  items: readonly T[];
  /** Shown above the section and naming its list; the section is left out while it has no items. */
  heading?: { id: string; text: string; className?: string };
  className?: string;
}

export interface VirtualListHandle {
  /** Focus the first item (scrolled into view); false when there is none. */
  focusFirst(): boolean;
}

interface Row {
  section: number;
  /** The item's index in its section; -1 for the section's heading. */
  item: number;
}

const KEYS_MOVING = new Set(["ArrowDown", "ArrowUp", "PageDown", "PageUp", "Home", "End"]);
/** A list this short is drawn whole: cheap, and the browser's find-in-page still finds every item. */
const DRAWN_WHOLE = 200;

export function VirtualList<T>({
  sections,
  itemKey,
  renderItem,
  selectedKey,
  estimateSize = 56,
  className = "",
  filter,
  after,
  handle,
  total,
}: {
  sections: readonly ListSection<T>[];
  itemKey(item: T): string;
  /**
   * The item's control (a button), given its tabIndex (0 for the one item in the Tab order, else -1) and
   * its row's index (unique among the rows drawn, for ids).
   */
  renderItem(item: T, row: { tabIndex: number; index: number }): ReactNode;
  /** The selected item: in the Tab order, and scrolled into view whenever it changes. */
  selectedKey?: string | undefined;
  /** A row's height in pixels before it is measured. */
  estimateSize?: number;
  className?: string;
  /**
   * The filter the rows answer (as applied, trimmed and lower-cased): whenever it changes the list goes
   * back to its top. Said in `data-filter`, so a bench can tell when a keystroke's rows are drawn.
   */
  filter?: string;
  /** Drawn under the rows, in the same scrolling pane. */
  after?: ReactNode;
  handle?: Ref<VirtualListHandle>;
  /**
   * How many items the list has before any filter. Up to 200, every row is drawn; a longer list is drawn
   * as a window whatever its filter leaves (a filter must not make a keystroke draw hundreds of rows).
   */
  total: number;
}) {
  const scrollRef = useRef<HTMLDivElement>(null);
  // Where each section's rows start, its heading first (a section without items has no rows).
  const starts = useMemo(() => {
    const at: number[] = [];
    let next = 0;
    for (const s of sections) {
      at.push(next);
      if (s.items.length) next += s.items.length + (s.heading ? 1 : 0);
    }
    at.push(next);
    return at;
  }, [sections]);
  const count = starts[sections.length] ?? 0;
  const rowAt = useCallback(
    (index: number): Row => {
      let section = 0;
      while (section < sections.length - 1 && index >= (starts[section + 1] as number)) section++;
      const offset = index - (starts[section] as number);
      return { section, item: sections[section]?.heading ? offset - 1 : offset };
    },
    [sections, starts],
  );
  const itemAt = (row: Row): T | undefined => (row.item < 0 ? undefined : sections[row.section]?.items[row.item]);
  const indexOfKey = useCallback(
    (key: string | undefined): number => {
      if (key === undefined) return -1;
      for (let s = 0; s < sections.length; s++) {
        const section = sections[s] as ListSection<T>;
        const at = section.items.findIndex((item) => itemKey(item) === key);
        if (at >= 0) return (starts[s] as number) + (section.heading ? 1 : 0) + at;
      }
      return -1;
    },
    [sections, starts, itemKey],
  );
  const firstItemIndex = useCallback(
    (from: number, step: 1 | -1): number => {
      for (let i = from; i >= 0 && i < count; i += step) if (rowAt(i).item >= 0) return i;
      return -1;
    },
    [count, rowAt],
  );
  /** The item nearest `from` going `step`, else going back (past the last heading, Page Down stops on the last item). */
  const nearestItem = (from: number, step: 1 | -1) => {
    const at = firstItemIndex(Math.min(count - 1, Math.max(0, from)), step);
    return at >= 0 ? at : firstItemIndex(step === 1 ? count - 1 : 0, step === 1 ? -1 : 1);
  };

  // The item in the Tab order: the one last moved to, else the selected one, else the first.
  const [current, setCurrent] = useState<string>();
  const currentIndex = useMemo(() => {
    const at = indexOfKey(current ?? selectedKey);
    return at >= 0 ? at : firstItemIndex(0, 1);
  }, [indexOfKey, current, selectedKey, firstItemIndex]);
  const headings = useMemo(() => sections.flatMap((s, i) => (s.heading && s.items.length ? [starts[i] as number] : [])), [sections, starts]);

  // The headings (which name their lists) and the item in the Tab order are always drawn, in view or not.
  const rangeExtractor = useCallback(
    (range: Range) => {
      if (total <= DRAWN_WHOLE) return Array.from({ length: range.count }, (_, i) => i);
      const shown = defaultRangeExtractor(range);
      const extra = [...headings, currentIndex].filter((i) => i >= 0 && i < range.count && !shown.includes(i));
      return extra.length ? [...shown, ...extra].sort((a, b) => a - b) : shown;
    },
    [headings, currentIndex, total],
  );
  const virtualizer = useVirtualizer({ count, getScrollElement: () => scrollRef.current, estimateSize: () => estimateSize, overscan: 6, rangeExtractor });

  const wantsFocus = useRef(false);
  const moveTo = (index: number) => {
    const item = index >= 0 ? itemAt(rowAt(index)) : undefined;
    if (item === undefined) return false;
    wantsFocus.current = true;
    setCurrent(itemKey(item));
    virtualizer.scrollToIndex(index, { align: "auto" });
    return true;
  };
  useImperativeHandle(handle, () => ({ focusFirst: () => moveTo(firstItemIndex(0, 1)) }));
  // After a move, the item reached is drawn (the range always holds it): focus it.
  useLayoutEffect(() => {
    if (!wantsFocus.current) return;
    wantsFocus.current = false;
    scrollRef.current?.querySelector<HTMLElement>(`[data-index="${currentIndex}"] button, [data-index="${currentIndex}"] [tabindex]`)?.focus();
  });
  // A selection made elsewhere (the command palette) is brought into view; so is the list's top on a new filter.
  useEffect(() => {
    setCurrent(undefined);
    const at = indexOfKey(selectedKey);
    if (at >= 0) virtualizer.scrollToIndex(at, { align: "auto" });
    // Only when the selection changes, not when the list does.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [selectedKey]);
  const firstFilter = useRef(true);
  useEffect(() => {
    if (firstFilter.current) firstFilter.current = false;
    // From the offset the virtualiser keeps: asking the element would lay the page out before paint.
    else if (virtualizer.scrollOffset) virtualizer.scrollToOffset(0);
  }, [filter, virtualizer]);

  const onKeyDown = (e: React.KeyboardEvent) => {
    if (!KEYS_MOVING.has(e.key) || e.altKey || e.ctrlKey || e.metaKey) return;
    const page = Math.max(1, Math.floor((scrollRef.current?.clientHeight ?? 0) / estimateSize) - 1);
    const target =
      e.key === "ArrowDown" ? firstItemIndex(currentIndex + 1, 1)
      : e.key === "ArrowUp" ? firstItemIndex(currentIndex - 1, -1)
      : e.key === "PageDown" ? nearestItem(currentIndex + page, 1)
      : e.key === "PageUp" ? nearestItem(currentIndex - page, -1)
      : e.key === "Home" ? nearestItem(0, 1)
      : nearestItem(count - 1, -1);
    e.preventDefault();
    moveTo(target);
  };

  const drawn = virtualizer.getVirtualItems();
  return (
    <div ref={scrollRef} className={`list-body vlist ${className}`} onKeyDown={onKeyDown} data-filter={filter}>
      <div className="vlist-rows" style={{ height: virtualizer.getTotalSize() }}>
        {sections.map((section, s) => {
          if (!section.items.length) return null;
          const rows = drawn.filter((v) => v.index >= (starts[s] as number) && v.index < (starts[s + 1] as number));
          const head = section.heading ? rows.find((v) => v.index === starts[s]) : undefined;
          return (
            <div key={s} className="vlist-section">
              {section.heading && head && (
                <h3 ref={virtualizer.measureElement} data-index={head.index} id={section.heading.id} className={`vlist-heading ${section.heading.className ?? ""}`} style={{ transform: `translateY(${head.start}px)` }}>
                  {section.heading.text}
                </h3>
              )}
              <ul className={`item-list ${section.className ?? ""}`} {...(section.heading ? { "aria-labelledby": section.heading.id } : {})}>
                {rows.map((v) => {
                  const row = rowAt(v.index);
                  const item = itemAt(row);
                  if (item === undefined) return null;
                  return (
                    <li key={v.index} ref={virtualizer.measureElement} data-index={v.index} aria-posinset={row.item + 1} aria-setsize={section.items.length} style={{ transform: `translateY(${v.start}px)` }}>
                      {renderItem(item, { tabIndex: v.index === currentIndex ? 0 : -1, index: v.index })}
                    </li>
                  );
                })}
              </ul>
            </div>
          );
        })}
      </div>
      {after}
    </div>
  );
}
