// A load's live chart, one column a second: calls that ended (errors stacked on top, in the error colour)
// and their latency p50 and p95. Plain SVG, a few hundred shapes at most (a load lasts at most 600 s): no
// chart library for this. The scale is said in text beside each panel, and the newest figures in words,
// so nothing rests on colour alone.
import type { LoadSecond } from "../../../../shared/load.js";

const HEIGHT = 100;

/** A round number at or above `n`, so an axis reads 50 or 200, not 173. */
export function niceCeiling(n: number): number {
  if (!(n > 0) || !Number.isFinite(n)) return 1;
  const power = 10 ** Math.floor(Math.log10(n));
  const step = [1, 2, 5, 10].find((m) => m * power >= n)!;
  return step * power;
}

function formatMs(ms: number | null): string {
  return ms === null ? "–" : ms < 10 ? `${ms.toFixed(1)} ms` : `${Math.round(ms)} ms`;
}

/** Line points for the seconds that had calls (a second with none leaves a gap, not a drop to zero). */
function paths(seconds: LoadSecond[], pick: (s: LoadSecond) => number | null, max: number): string {
  let d = "";
  let open = false;
  seconds.forEach((s, i) => {
    const v = pick(s);
    if (v === null) {
      open = false;
      return;
    }
    d += `${open ? "L" : "M"}${i + 0.5} ${HEIGHT - (Math.min(v, max) / max) * HEIGHT} `;
    open = true;
  });
  return d.trim();
}

export function LoadChart({ seconds, durationMs }: { seconds: LoadSecond[]; durationMs: number }) {
  // The x axis spans the whole run from the start, so the chart fills in rather than rescaling each second.
  const span = Math.max(seconds.length, Math.ceil(durationMs / 1000), 1);
  const callsMax = niceCeiling(Math.max(0, ...seconds.map((s) => s.second.calls)));
  const latencyMax = niceCeiling(Math.max(0, ...seconds.map((s) => s.second.p95 ?? 0)));
  const last = seconds.at(-1);
  const summary = last
    ? `After ${Math.round(last.elapsedMs / 1000)} s: ${last.calls} calls, ${last.errors} errors; the last second ${last.second.calls} calls/s, ${last.second.errors} errors, p50 ${formatMs(last.second.p50)}, p95 ${formatMs(last.second.p95)}`
    : "No second has ended yet";
  return (
    <figure className="load-chart">
      <figcaption className="load-figures" aria-live="polite">
        {summary}
      </figcaption>
      <div className="load-panel-head">
        <span>Calls a second (scale 0–{callsMax})</span>
        <span className="load-legend">
          <span className="swatch load-ok" aria-hidden="true" /> answered <span className="swatch load-error" aria-hidden="true" /> errors
        </span>
      </div>
      <svg className="load-svg" viewBox={`0 0 ${span} ${HEIGHT}`} preserveAspectRatio="none" role="img" aria-label={`Calls a second, ${seconds.length} seconds so far`}>
        <line className="load-grid" x1={0} x2={span} y1={HEIGHT / 2} y2={HEIGHT / 2} vectorEffect="non-scaling-stroke" />
        {seconds.map((s, i) => {
          const okHeight = ((s.second.calls - s.second.errors) / callsMax) * HEIGHT;
          const errorHeight = (s.second.errors / callsMax) * HEIGHT;
          return (
            <g key={i}>
              <rect className="load-ok" x={i + 0.1} width={0.8} y={HEIGHT - okHeight} height={okHeight} />
              {s.second.errors > 0 && <rect className="load-error" x={i + 0.1} width={0.8} y={HEIGHT - okHeight - errorHeight} height={errorHeight} />}
            </g>
          );
        })}
      </svg>
      <div className="load-panel-head">
        <span>Latency (scale 0–{formatMs(latencyMax)})</span>
        <span className="load-legend">
          <span className="swatch load-p50" aria-hidden="true" /> p50 <span className="swatch load-p95" aria-hidden="true" /> p95 (dashed)
        </span>
      </div>
      <svg className="load-svg" viewBox={`0 0 ${span} ${HEIGHT}`} preserveAspectRatio="none" role="img" aria-label={`Latency p50 and p95, ${seconds.length} seconds so far`}>
        <line className="load-grid" x1={0} x2={span} y1={HEIGHT / 2} y2={HEIGHT / 2} vectorEffect="non-scaling-stroke" />
        <path className="load-line load-p95" d={paths(seconds, (s) => s.second.p95, latencyMax)} vectorEffect="non-scaling-stroke" />
        <path className="load-line load-p50" d={paths(seconds, (s) => s.second.p50, latencyMax)} vectorEffect="non-scaling-stroke" />
      </svg>
    </figure>
  );
}
