// A list beside its detail, with a divider the user drags (or moves with the arrow keys) to share the
// width between them. Each side scrolls inside itself, so the list's head (its filter, its count) stays
// in view while a long list scrolls. The split is remembered per `id` across reloads.
import { useLayoutEffect, useRef, type ReactNode } from "react";
import { Group, Panel, Separator, useDefaultLayout } from "react-resizable-panels";

/** Where split sizes are kept; none where the page has no storage (a test's document may not). */
export function layoutStorage(): Storage | undefined {
  try {
    return typeof localStorage === "undefined" ? undefined : localStorage;
  } catch {
    return undefined;
  }
}

/** Where a split's layout is kept: the page's storage, or nowhere (the split still works, unremembered). */
export function layoutStore(): Pick<Storage, "getItem" | "setItem"> {
  return layoutStorage() ?? { getItem: () => null, setItem: () => {} };
}

export function SplitPane({
  id,
  label,
  list,
  detail,
  className,
  listSize = "32%",
  listMin = "14rem",
  detailKey,
}: {
  /** Names the split for its remembered layout ("tools", "resources"…). */
  id: string;
  /** What the divider resizes, for its accessible name ("Resize the tool list"). */
  label: string;
  list: ReactNode;
  detail: ReactNode;
  className?: string;
  listSize?: string;
  listMin?: string;
  /** What the detail shows (a tool's name, a resource's URI): another one opens at its top, not where the last was scrolled to. */
  detailKey?: string;
}) {
  const { defaultLayout, onLayoutChanged } = useDefaultLayout({ id: `inspector-split-${id}`, storage: layoutStore() });
  const detailSide = useRef<HTMLDivElement | null>(null);
  useLayoutEffect(() => {
    // The panel puts its className (and overflow: auto) on the element inside the one elementRef gives.
    const scroller = detailSide.current?.firstElementChild;
    if (scroller) scroller.scrollTop = 0;
  }, [detailKey]);
  return (
    <Group
      orientation="horizontal"
      className={`split-pane${className ? ` ${className}` : ""}`}
      id={`split-${id}`}
      {...(defaultLayout ? { defaultLayout } : {})}
      onLayoutChanged={onLayoutChanged}
    >
      <Panel id="list" className="split-side split-list" defaultSize={listSize} minSize={listMin} maxSize="70%">
        {list}
      </Panel>
      <Separator className="divider divider-vertical" aria-label={label} />
      <Panel id="detail" className="split-side split-detail" minSize="18rem" elementRef={detailSide}>
        {detail}
      </Panel>
    </Group>
  );
}
