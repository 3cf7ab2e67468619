// The checks' areas, in the order the Area picker lists them and the report groups its verdicts.
import type { CheckAreaName } from "../../../../shared/checks.js";

export const AREAS: { id: CheckAreaName; label: string }[] = [
  { id: "lifecycle", label: "Lifecycle" },
  { id: "transport", label: "Transport" },
  { id: "listings", label: "Listings" },
  { id: "results", label: "Results" },
  { id: "tasks", label: "Tasks" },
  { id: "mrtr", label: "Multi round-trip" },
  { id: "http", label: "HTTP" },
  { id: "lint", label: "Lint" },
  { id: "conformance", label: "Conformance (official suite)" },
];

export function areaLabel(id: string): string {
  return AREAS.find((a) => a.id === id)?.label ?? id;
}

/** Verdicts by area, in the areas' order; an area the list does not know (a newer core) comes last, as it came. */
export function byArea<T extends { area: string }>(items: T[]): { area: string; items: T[] }[] {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const group = groups.get(item.area);
    if (group) group.push(item);
    else groups.set(item.area, [item]);
  }
  const rank = (area: string) => {
    const i = AREAS.findIndex((a) => a.id === area);
    return i < 0 ? AREAS.length : i;
  };
  return [...groups].map(([area, list]) => ({ area, items: list })).sort((a, b) => rank(a.area) - rank(b.area));
}
