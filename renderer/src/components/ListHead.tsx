// The head of a server's list (Tools, Resources, Prompts): the title with its count, Refresh, the notes
// about the list (given as children), the filter box and how many items the filter leaves. It stays put
// while the list under it scrolls.
import type { ReactNode, RefObject } from "react";
import { ListFilterInput } from "./ListFilterInput.js";
import type { VirtualListHandle } from "./VirtualList.js";

export function ListHead({
  title,
  count,
  onRefresh,
  refreshDisabled,
  filter,
  onFilter,
  filterBy,
  needle,
  matching,
  list,
  children,
}: {
  /** "Tools": the heading; its lower case names the items in the controls ("Refresh tools"). */
  title: string;
  count: number;
  onRefresh(): void;
  refreshDisabled: boolean;
  filter: string;
  onFilter(value: string): void;
  /** The fields the filter looks in, for its accessible name: "name, title or description". */
  filterBy: string;
  /** The filter as the list applies it; while it is set, how many items match is said. */
  needle: string;
  matching: number;
  list: RefObject<VirtualListHandle | null>;
  children?: ReactNode;
}) {
  const items = title.toLowerCase();
  return (
    <div className="list-head">
      <div className="toolbar">
        <h2>{count > 0 ? `${title} (${count})` : title}</h2>
        <button type="button" onClick={onRefresh} disabled={refreshDisabled}>
          {`Refresh ${items}`}
        </button>
      </div>
      {children}
      {count > 0 && <ListFilterInput label={`Filter ${items} by ${filterBy}`} placeholder={`Filter ${items}`} value={filter} onChange={onFilter} list={list} />}
      {needle && (
        <p className="note" role="status">
          {matching} of {count} {items} match
        </p>
      )}
    </div>
  );
}
