// A table whose body renders only the rows in view (plus a few), so 10,000 tasks or 100,000 log
// entries cost a screenful of DOM. ARIA table roles with aria-rowcount / aria-rowindex keep the
// full size known to assistive technology.
import { useEffect, useLayoutEffect, useRef, type MouseEvent, type ReactNode } from "react";
import { useVirtualizer } from "@tanstack/react-virtual";

export interface Column {
  id: string;
  header: string;
  /** What the column counts, when the header alone could be misread (shown on hover). */
  description?: string;
  /** A CSS grid track, e.g. "12rem" or "1fr". */
  width: string;
}

/** Must match `.vrow` in app.css: the grid gap and the row's horizontal padding, in rem. */
const ROW_GAP_REM = 0.4;
const ROW_PADDING_REM = 0.5;

/**
 * The narrowest a row can be without cutting a column: the fixed widths plus the minimum of each
 * `minmax()`, the gaps and the padding (`fr` tracks count as 0), as a CSS length. Below it the table
 * scrolls sideways instead of clipping its last columns (the Tasks table's Cancel / Details buttons).
 * Widths in `ch` count in the row's font, which the rowgroups share (app.css: `.vhead, .vbody`).
 */
export function minimumRowWidth(columns: readonly Column[]): string {
  let rem = ROW_PADDING_REM * 2 + ROW_GAP_REM * Math.max(columns.length - 1, 0);
  let ch = 0;
  let px = 0;
  for (const { width } of columns) {
    const fixed = /^(?:minmax\(\s*)?([\d.]+)(rem|ch|px)\b/.exec(width.trim());
    if (fixed?.[2] === "rem") rem += Number(fixed[1]);
    else if (fixed?.[2] === "ch") ch += Number(fixed[1]);
    // Columns sized to their words in the page's font (the Tasks table's) are in px.
    else if (fixed?.[2] === "px") px += Number(fixed[1]);
  }
  return px ? `calc(${rem}rem + ${ch}ch + ${px}px)` : `calc(${rem}rem + ${ch}ch)`;
}

export function VirtualTable({
  label,
  columns,
  rowCount,
  rowHeight = 32,
  height = 420,
  renderCells,
  renderRow,
  rowKey,
  rowClassName,
  selectedIndex,
  scrollToIndex,
  follow,
  fill = false,
  onRowClick,
}: {
  label: string;
  columns: Column[];
  rowCount: number;
  rowHeight?: number;
  /** Pixels, or any CSS length (e.g. "100%" inside a pane that has a height). */
  height?: number | string;
  /** The cells of a row, one per column. */
  renderCells?(index: number): ReactNode[];
  /**
   * Instead of renderCells: the row's content, whose elements are its `role="cell"` divs, one per
   * column. A memoised component here lets a row that did not change skip rendering when the table does.
   */
  renderRow?(index: number): ReactNode;
  /** A stable React key for a row (e.g. its item's id), so a row keeps its component when rows shift. */
  rowKey?(index: number): string;
  rowClassName?(index: number): string;
  /** Highlighted (its details are open below the table). */
  selectedIndex?: number;
  /** Brought into view whenever it changes. */
  scrollToIndex?: number;
  /**
   * Keep the newest rows in view: `edge` is where they arrive. While `following`, the table stays at that
   * edge as rows come; scrolling away from it calls `onFollowingChange(false)`, and rows arriving above a
   * reader (edge "top") do not move what they are reading; scrolling back to the edge resumes.
   */
  follow?: { edge: "top" | "bottom"; following: boolean; onFollowingChange(following: boolean): void };
  /** Takes the height its container gives it (a flex column) instead of `height`. */
  fill?: boolean;
  /**
   * A click on a row, anywhere but on its own controls: a pointer's shortcut for the row's main button
   * (View, Details), which stays the way there by keyboard.
   */
  onRowClick?(index: number): void;
}) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: rowCount,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan: 8,
  });
  useEffect(() => {
    if (scrollToIndex !== undefined && scrollToIndex >= 0) virtualizer.scrollToIndex(scrollToIndex, { align: "center" });
  }, [scrollToIndex, virtualizer]);
  const shownCount = useRef(rowCount);
  const edge = follow?.edge;
  const following = follow?.following ?? false;
  useLayoutEffect(() => {
    const added = rowCount - shownCount.current;
    shownCount.current = rowCount;
    const body = scrollRef.current;
    if (!edge || !body) return;
    if (following) {
      // Through the virtualiser, so the rows it draws move with the scroll at once.
      if (edge === "top") virtualizer.scrollToOffset(0);
      else if (rowCount > 0) virtualizer.scrollToIndex(rowCount - 1, { align: "end" });
    } else if (edge === "top" && added > 0 && !rowKey) {
      // Before paint, so the rows the user is reading do not jump; the scroll event that follows redraws.
      body.scrollTop += added * rowHeight;
    }
  }, [rowCount, edge, following, rowHeight, virtualizer]);
  // With row keys, the row at the reader's top is found again wherever it moved (rows can also leave or
  // join a filter above it, not only arrive at the edge), and the view moves with it, before paint.
  const reading = useRef<{ key: string; index: number }>(undefined);
  useLayoutEffect(() => {
    const body = scrollRef.current;
    if (!body || !rowKey || edge !== "top") return;
    const was = reading.current;
    if (!following && was && rowKey(was.index) !== was.key) {
      const moved = findNear(rowKey, rowCount, was);
      if (moved !== undefined) body.scrollTop += (moved - was.index) * rowHeight;
    }
    reading.current = readingRow(body, rowKey, rowCount, rowHeight);
  });
  const onScroll = follow
    ? () => {
        const body = scrollRef.current;
        if (!body) return;
        const fromEdge = follow.edge === "top" ? body.scrollTop : body.scrollHeight - body.clientHeight - body.scrollTop;
        const atEdge = fromEdge <= rowHeight / 2;
        if (rowKey) reading.current = readingRow(body, rowKey, rowCount, rowHeight);
        if (atEdge !== follow.following) follow.onFollowingChange(atEdge);
      }
    : undefined;
  const template = columns.map((c) => c.width).join(" ");
  // Header and body get the same minimum, so they scroll sideways together and stay aligned.
  // Plus room for a scrollbar gutter, which both rowgroups reserve (app.css) so their columns line up.
  const minWidth = `calc(${minimumRowWidth(columns)} + 16px)`;
  return (
    <div role="table" aria-label={label} aria-rowcount={rowCount + 1} className={fill ? "vtable fill" : "vtable"}>
      <div role="rowgroup" className="vhead" style={{ minWidth }}>
        <div role="row" aria-rowindex={1} className="vrow vheader" style={{ gridTemplateColumns: template }}>
          {columns.map((c) => (
            <div role="columnheader" key={c.id} {...(c.description ? { title: c.description } : {})}>
              {c.header}
            </div>
          ))}
        </div>
      </div>
      <div role="rowgroup" ref={scrollRef} className="vbody" style={fill ? { minWidth } : { height, minWidth }} tabIndex={rowCount ? 0 : -1} aria-label={`${label} rows`} {...(onScroll ? { onScroll } : {})}>
        <div style={{ height: virtualizer.getTotalSize(), position: "relative" }}>
          {virtualizer.getVirtualItems().map((item) => (
            <div
              role="row"
              key={rowKey?.(item.index) ?? item.key}
              aria-rowindex={item.index + 2}
              className={`vrow ${rowClassName?.(item.index) ?? ""} ${selectedIndex === item.index ? "selected" : ""}${onRowClick ? " clickable" : ""}`}
              style={{ gridTemplateColumns: template, height: rowHeight, transform: `translateY(${item.start}px)` }}
              {...(onRowClick ? { onClick: (event: MouseEvent) => rowClicked(event, item.index, onRowClick) } : {})}
            >
              {renderRow
                ? renderRow(item.index)
                : renderCells?.(item.index).map((cell, i) => (
                    <div role="cell" key={columns[i]?.id ?? i}>
                      {cell}
                    </div>
                  ))}
            </div>
          ))}
        </div>
      </div>
      {rowCount === 0 && <p className="empty">Nothing to show.</p>}
    </div>
  );
}

/** The row at the top of the view, by key. */
function readingRow(body: HTMLElement, rowKey: (index: number) => string, rowCount: number, rowHeight: number): { key: string; index: number } | undefined {
  const index = Math.floor(body.scrollTop / rowHeight);
  return index < rowCount ? { key: rowKey(index), index } : undefined;
}

/** Where the row `was` went: looked for outwards from where it was, a bounded distance (a huge change loses it). */
function findNear(rowKey: (index: number) => string, rowCount: number, was: { key: string; index: number }): number | undefined {
  for (let d = 1; d <= 2048; d++) {
    if (was.index + d < rowCount && rowKey(was.index + d) === was.key) return was.index + d;
    if (was.index - d >= 0 && was.index - d < rowCount && rowKey(was.index - d) === was.key) return was.index - d;
    if (was.index + d >= rowCount && was.index - d < 0) return undefined;
  }
  return undefined;
}

/** A click that landed on a row itself, not on a control inside it (which does its own thing), nor ended a text selection. */
function rowClicked(event: MouseEvent, index: number, onRowClick: (index: number) => void): void {
  if ((event.target as Element).closest("button, a, input, select, textarea, summary, label")) return;
  if (!(window.getSelection()?.isCollapsed ?? true)) return;
  onRowClick(index);
}
