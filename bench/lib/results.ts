// What a scenario reports: figures, each with its unit and, where the issue sets one, its target and
// whether it was met. The runner turns them into bench/results/latest.{json,md} and the table in docs/benchmarks.md.

export type Unit = "ms" | "µs" | "B" | "KB" | "MB" | "×" | "/s" | "";

export interface Figure {
  /** What was measured, in a few words ("answer → result p50"). */
  name: string;
  value: number | null;
  unit: Unit;
  /** The target as written in the issue, in words ("≤ 2× ping floor"). */
  target?: string;
  /** Set only when there is a target. */
  met?: boolean;
  /** How the figure was obtained, when the name does not say it. */
  note?: string;
}

export interface ScenarioResult {
  id: string;
  title: string;
  figures: Figure[];
  /** Free-form remarks printed under the table (method, caveats). */
  notes: string[];
  /** Raw summaries, kept in latest.json for whoever wants more than the table. */
  details?: Record<string, unknown>;
  /** Set when the scenario could not run to the end. */
  error?: string;
  durationMs?: number;
}

export function figure(name: string, value: number | null, unit: Unit, extra: Omit<Figure, "name" | "value" | "unit"> = {}): Figure {
  return { name, value: value === null || Number.isFinite(value) ? value : null, unit, ...extra };
}

/** A figure with a target that holds when `value <= limit`. */
export function atMost(name: string, value: number, unit: Unit, limit: number, target: string, note?: string): Figure {
  return figure(name, value, unit, { target, met: Number.isFinite(value) && value <= limit, ...(note ? { note } : {}) });
}

/** A figure with a target that holds when `value >= limit`. */
export function atLeast(name: string, value: number, unit: Unit, limit: number, target: string, note?: string): Figure {
  return figure(name, value, unit, { target, met: Number.isFinite(value) && value >= limit, ...(note ? { note } : {}) });
}

export function formatValue(value: number | null, unit: Unit): string {
  if (value === null) return "n/a";
  const digits = Math.abs(value) >= 100 ? 0 : Math.abs(value) >= 10 ? 1 : Math.abs(value) >= 1 ? 2 : 3;
  const text = value.toLocaleString("en-US", { maximumFractionDigits: digits, minimumFractionDigits: 0 });
  if (unit === "×") return `${text}×`;
  if (unit === "") return text;
  return `${text} ${unit}`;
}

function cell(text: string): string {
  return text.replace(/\|/g, "\\|").replace(/\n/g, " ");
}

/** The results table in Markdown: one row per figure, the scenario named on its first row. */
export function markdownTable(results: readonly ScenarioResult[]): string {
  const rows = ["| Scenario | Figure | Value | Target | Result |", "|---|---|---:|---|---|"];
  for (const result of results) {
    if (result.error) {
      rows.push(`| ${cell(result.title)} | did not complete | n/a | | **error**: ${cell(result.error)} |`);
    }
    result.figures.forEach((f, i) => {
      const name = f.note ? `${f.name} (${f.note})` : f.name;
      const verdict = f.met === undefined ? "" : f.met ? "met" : "**missed**";
      rows.push(`| ${i === 0 && !result.error ? cell(result.title) : ""} | ${cell(name)} | ${formatValue(f.value, f.unit)} | ${cell(f.target ?? "")} | ${verdict} |`);
    });
  }
  return rows.join("\n");
}

/** The remarks of every scenario, as a Markdown list. */
export function markdownNotes(results: readonly ScenarioResult[]): string {
  return results
    .filter((r) => r.notes.length > 0)
    .map((r) => `- **${r.title}**: ${r.notes.join(" ")}`)
    .join("\n");
}

/** Every figure that has a target and missed it. */
export function misses(results: readonly ScenarioResult[]): { scenario: string; figure: Figure }[] {
  return results.flatMap((r) => r.figures.filter((f) => f.met === false).map((f) => ({ scenario: r.title, figure: f })));
}

/** One benchmark scenario: a file in bench/scenarios/, run by bench/run.ts in a process of its own. */
export interface Scenario {
  id: string;
  title: string;
  run(): Promise<Pick<ScenarioResult, "figures" | "notes" | "details">>;
}
