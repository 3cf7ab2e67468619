// The filter box above a server's list (Tools, Resources, Prompts): Escape clears it, Down goes to the
// first item it left.
import type { RefObject } from "react";
import type { VirtualListHandle } from "./VirtualList.js";

export function ListFilterInput({ label, placeholder, value, onChange, list, className = "" }: { label: string; placeholder: string; value: string; onChange(value: string): void; list: RefObject<VirtualListHandle | null>; className?: string }) {
  return (
    <input
      type="search"
      className={`list-filter ${className}`}
      aria-label={label}
      placeholder={placeholder}
      title={`${label} (Ctrl+F)`}
      value={value}
      spellCheck={false}
      onChange={(e) => onChange(e.target.value)}
      onKeyDown={(e) => {
        if (e.key === "Escape") onChange("");
        if (e.key === "ArrowDown" && list.current?.focusFirst()) e.preventDefault();
      }}
    />
  );
}
