// WAI-ARIA tabs: one tab in the Tab order (roving tabindex), arrows/Home/End move and select.
// The accessible name of each tab is exactly its label; a badge is its description ("2 pending").
// A tab's keyboard shortcut is a hint (its tooltip and aria-keyshortcuts), never a digit drawn next to the
// badge, where "Sampling 2 3" read like two counts.
import { useRef, type KeyboardEvent } from "react";

export interface TabItem<Id extends string> {
  id: Id;
  label: string;
  badge?: number;
  /** The digit of its shortcut (Alt+digit, or Ctrl/Cmd+digit in the desktop app). */
  shortcut?: string;
}

export function TabBar<Id extends string>({
  tabs,
  selected,
  onSelect,
  label,
  idPrefix,
}: {
  tabs: readonly TabItem<Id>[];
  selected: Id;
  onSelect(id: Id): void;
  label: string;
  idPrefix: string;
}) {
  const refs = useRef(new Map<Id, HTMLButtonElement>());
  const move = (event: KeyboardEvent, index: number) => {
    let next: number | undefined;
    if (event.key === "ArrowRight") next = (index + 1) % tabs.length;
    else if (event.key === "ArrowLeft") next = (index - 1 + tabs.length) % tabs.length;
    else if (event.key === "Home") next = 0;
    else if (event.key === "End") next = tabs.length - 1;
    if (next === undefined) return;
    event.preventDefault();
    const tab = tabs[next] as TabItem<Id>;
    onSelect(tab.id);
    refs.current.get(tab.id)?.focus();
  };
  return (
    <div role="tablist" aria-label={label} className="tablist">
      {tabs.map((tab, index) => {
        const isSelected = tab.id === selected;
        const badgeId = `${idPrefix}-badge-${tab.id}`;
        return (
          <button
            key={tab.id}
            ref={(el) => {
              if (el) refs.current.set(tab.id, el);
              else refs.current.delete(tab.id);
            }}
            type="button"
            role="tab"
            id={`${idPrefix}-tab-${tab.id}`}
            aria-controls={`${idPrefix}-panel-${tab.id}`}
            aria-selected={isSelected}
            aria-label={tab.label}
            aria-describedby={tab.badge ? badgeId : undefined}
            {...(tab.shortcut
              ? { "aria-keyshortcuts": `Alt+${tab.shortcut} Control+${tab.shortcut} Meta+${tab.shortcut}`, title: `${tab.label} (Alt+${tab.shortcut}, or Ctrl+${tab.shortcut} in the desktop app)` }
              : {})}
            tabIndex={isSelected ? 0 : -1}
            className={isSelected ? "tab selected" : "tab"}
            onClick={() => onSelect(tab.id)}
            onKeyDown={(e) => move(e, index)}
          >
            {tab.label}
            {tab.badge ? (
              <span className="badge" id={badgeId}>
                {tab.badge}
                <span className="visually-hidden"> pending</span>
              </span>
            ) : null}
          </button>
        );
      })}
    </div>
  );
}
