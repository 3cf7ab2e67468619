// The picture: a time axis, a band per task status (and a last one when the task went: deleted, expired),
// one lane each for the server, us and the user, and a mark for every event. Marks are grouped by pixel
// column and drawn as one path per lane and kind, so the DOM holds a few dozen nodes whether the task had
// 10 events or 5,000 (the list below has them all). A request and its reply are joined only where the
// link is short, or for the event pointed at or picked: long diagonals across the picture read as noise.
// The user's click and the message that carried the answer are joined by a flat bracket, not a diagonal.
import { useMemo, useState, type MouseEvent } from "react";
import type { TimelineActor, TimelineEvent } from "../../../../shared/timeline.js";
import { ACTORS, bucketize, DELIVERIES, describeEvent, endOf, formatGap, NEWS, statusBands, type MarkCategory } from "./timelineModel.js";

const WIDTH = 1000;
const LEFT = 92;
const RIGHT = 14;
const PLOT = WIDTH - LEFT - RIGHT;
const BAND_Y = 6;
const BAND_H = 16;
const LANE_Y: Record<TimelineActor, number> = { server: 54, us: 98, user: 142 };
const GAP_Y = 174;
const AXIS_Y = 186;
const HEIGHT = 212;
const COLUMN_PX = 6;
/** Share of the span added after the last event; after the end of a task that ended, room for its band's name. */
const END_ROOM = 0.08;
const ENDED_ROOM = 0.2;
/** Up to this many events, short request → reply links are drawn and the gaps between marks are written out. */
const DETAILED_UP_TO = 200;
/** A link at most this wide (in the picture's units) is drawn always; a longer one only for the selected event. */
const SHORT_LINK = 24;
/** Where the brackets from the user's click run: "told" between our lane and the user's, the answer under the user's. */
const TOLD_Y = LANE_Y.us + 22;
const ANSWER_Y = LANE_Y.user + 12;
const GAP_LABEL_MIN_PX = 60;
/** About how wide a character of the picture's 11px labels is, in viewBox units. */
const LABEL_CHAR_PX = 6.2;
const LANE_LABELS: Record<TimelineActor, string> = { server: "the server", us: "us", user: "the user" };
const CATEGORIES: MarkCategory[] = ["status", "request", "reply", "notification", "input"];
const STATUS_NAMES = ["working", "input_required", "completed", "failed", "cancelled", "ended"];

export interface PictureProps {
  events: readonly TimelineEvent[];
  dropped: number;
  /** The accessible name's summary (the same sentence as the page's summary line). */
  summary: string;
  title: string;
  /** The user pointed at (or clicked) the event with this index in `events`. */
  onPick?(index: number): void;
  /** The event picked (its index): its request → reply link is drawn however long. */
  selected?: number;
}

export function TimelinePicture({ events, dropped, summary, title, onPick, selected }: PictureProps) {
  const [pointed, setPointed] = useState<number>();
  const t0 = events[0]?.at ?? 0;
  const last = events[events.length - 1]?.at ?? t0;
  // A little room after the last event, so the status it ended in shows as a band with its name; more for a
  // task that ended (completed, deleted by the server…): how it ended is the band most read.
  const ended = useMemo(() => endOf(events).afterMs !== undefined, [events]);
  const t1 = last + Math.max((last - t0) * (ended ? ENDED_ROOM : END_ROOM), 1);
  const span = t1 - t0;
  const x = (at: number) => LEFT + ((at - t0) / span) * PLOT;

  const drawn = useMemo(() => {
    const marks = bucketize(events, (at) => ((at - t0) / span) * PLOT, COLUMN_PX);
    const paths: { key: string; d: string; className: string }[] = [];
    for (const actor of ACTORS) {
      for (const category of CATEGORIES) {
        const buckets = marks.get(`${actor}:${category}`);
        if (!buckets?.length) continue;
        paths.push({ key: `${actor}-${category}`, d: buckets.map((b) => markPath(category, LEFT + b.x, LANE_Y[actor], b.count)).join(""), className: `tl-mark tl-${category}` });
      }
    }
    const bands = new Map<string, string>();
    const labels: { x: number; text: string; key: number }[] = [];
    statusBands(events, t1).forEach((band, i) => {
      const from = LEFT + ((band.from - t0) / span) * PLOT;
      const width = Math.max(((band.to - band.from) / span) * PLOT, 1);
      const status = STATUS_NAMES.includes(band.status) ? band.status : "working";
      bands.set(status, `${bands.get(status) ?? ""}M${r(from)} ${BAND_Y}h${r(width)}v${BAND_H}h${r(-width)}z`);
      // A band is named where its name fits inside it.
      if (width >= band.label.length * LABEL_CHAR_PX + 8 && labels.length < 20) labels.push({ x: from + 4, text: band.label, key: i });
    });
    // Short request → reply links and the gaps written out: only while they can be read.
    let links = "";
    const gaps: { x: number; text: string; key: number }[] = [];
    if (events.length <= DETAILED_UP_TO) {
      const bySeq = new Map(events.map((e) => [e.seq, e]));
      for (const e of events) {
        const request = e.replyTo !== undefined ? bySeq.get(e.replyTo) : undefined;
        if (request && Math.abs(x(e.at) - x(request.at)) <= SHORT_LINK) links += `M${r(x(request.at))} ${LANE_Y[request.from]}L${r(x(e.at))} ${LANE_Y[e.from]}`;
      }
      let lastX = -Infinity;
      for (let i = 1; i < events.length; i++) {
        const a = x(events[i - 1]!.at);
        const b = x(events[i]!.at);
        const mid = (a + b) / 2;
        if (b - a >= GAP_LABEL_MIN_PX && mid - lastX >= GAP_LABEL_MIN_PX) {
          gaps.push({ x: mid, text: formatGap(events[i]!.at - events[i - 1]!.at), key: i });
          lastX = mid;
        }
      }
    }
    // The user's click and the message that carried the answer, joined and labelled.
    // Before it, the first message that told the server anything (a legacy server asks for the answer later).
    const deliveries: { x1: number; x2: number; text: string; key: number; told?: boolean }[] = [];
    let click: TimelineEvent | undefined;
    let told = false;
    for (const e of events) {
      if (e.kind === "inputAnswered") {
        click = e;
        told = false;
      } else if (click && e.from === "us" && NEWS.has(e.kind) && deliveries.length < 20) {
        if (DELIVERIES.has(e.kind)) {
          deliveries.push({ x1: x(click.at), x2: x(e.at), text: `answer: ${formatGap(e.at - click.at)} after the click`, key: e.seq });
          click = undefined;
        } else if (!told) {
          told = true;
          deliveries.push({ x1: x(click.at), x2: x(e.at), text: `told: ${formatGap(e.at - click.at)}`, key: e.seq, told: true });
        }
      }
    }
    // A gap's label gives way to an answer's label on the line below the user's lane (the point of the picture).
    const answerLabels = deliveries.filter((d) => !d.told).map((d) => {
      const right = Math.max(d.x2, LEFT + 200);
      return [right - d.text.length * LABEL_CHAR_PX, right] as const;
    });
    const readable = gaps.filter((g) => !answerLabels.some(([from, to]) => g.x + GAP_LABEL_MIN_PX / 2 > from && g.x - GAP_LABEL_MIN_PX / 2 < to));
    return { paths, bands: [...bands], labels, links, gaps: readable, deliveries };
    // x depends only on t0 and span, which are listed.
  }, [events, t0, t1, span]);

  // The selected (or pointed) event's request → reply link, however long: one path, drawn on top.
  const focus = pointed ?? selected;
  const focusLink = useMemo(() => {
    const e = focus !== undefined ? events[focus] : undefined;
    if (!e) return "";
    const partner = e.replyTo !== undefined ? events.find((o) => o.seq === e.replyTo) : events.find((o) => o.replyTo === e.seq);
    if (!partner) return "";
    const [a, b] = e.replyTo !== undefined ? [partner, e] : [e, partner];
    return `M${r(x(a.at))} ${LANE_Y[a.from]}L${r(x(b.at))} ${LANE_Y[b.from]}`;
    // x depends only on t0 and span.
  }, [focus, events, t0, span]);

  const ticks = [0, 0.25, 0.5, 0.75, 1].map((f) => ({ x: LEFT + f * PLOT, text: `+${formatGap(f * span)}` }));

  const nearest = (event: MouseEvent<SVGSVGElement>): number | undefined => {
    if (!events.length) return undefined;
    const box = event.currentTarget.getBoundingClientRect();
    if (!box.width) return undefined;
    const at = t0 + (((event.clientX - box.left) / box.width) * WIDTH - LEFT) / PLOT * span;
    let lo = 0;
    let hi = events.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (events[mid]!.at < at) lo = mid + 1;
      else hi = mid;
    }
    return lo > 0 && at - events[lo - 1]!.at < events[lo]!.at - at ? lo - 1 : lo;
  };
  const point = pointed !== undefined ? events[pointed] : undefined;

  return (
    <figure className="tl-figure">
      <svg
        className="tl-picture"
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-label={`${title}. ${summary}`}
        onMouseMove={(e) => setPointed(nearest(e))}
        onMouseLeave={() => setPointed(undefined)}
        onClick={(e) => {
          const index = nearest(e);
          if (index !== undefined) onPick?.(index);
        }}
      >
        {drawn.bands.map(([status, d]) => (
          <path key={status} d={d} className={`tl-band tl-band-${status}`} />
        ))}
        {drawn.labels.map((l) => (
          <text key={l.key} x={r(l.x)} y={BAND_Y + 12} className="tl-band-label">
            {l.text}
          </text>
        ))}
        {ACTORS.map((actor) => (
          <g key={actor}>
            <line x1={LEFT} x2={WIDTH - RIGHT} y1={LANE_Y[actor]} y2={LANE_Y[actor]} className="tl-lane" />
            <text x={4} y={LANE_Y[actor] + 4} className="tl-lane-label">
              {LANE_LABELS[actor]}
            </text>
          </g>
        ))}
        {drawn.links && <path d={drawn.links} className="tl-link" />}
        {focusLink && <path d={focusLink} className="tl-link tl-link-focus" />}
        {drawn.paths.map((p) => (
          <path key={p.key} d={p.d} className={p.className} />
        ))}
        {drawn.deliveries.map((d) => {
          // A flat bracket from the click to the message that carried it: "told" between our lane and the
          // user's, the answer under the user's lane, each label beside its bracket's end.
          const y = d.told ? TOLD_Y : ANSWER_Y;
          return (
            <g key={d.key} className={d.told ? "tl-delivery tl-told" : "tl-delivery"}>
              <path d={`M${r(d.x1)} ${y - 4}v4H${r(d.x2)}v-4`} />
              {d.told ? (
                <text x={r(Math.min(d.x2 + 6, WIDTH - RIGHT - 90))} y={y + 4}>
                  {d.text}
                </text>
              ) : (
                <text x={r(Math.max(d.x2, LEFT + 200))} y={y + 13} textAnchor="end">
                  {d.text}
                </text>
              )}
            </g>
          );
        })}
        {drawn.gaps.map((g) => (
          <text key={g.key} x={r(g.x)} y={GAP_Y} className="tl-gap" textAnchor="middle">
            {g.text}
          </text>
        ))}
        <line x1={LEFT} x2={WIDTH - RIGHT} y1={AXIS_Y} y2={AXIS_Y} className="tl-axis" />
        {ticks.map((t, i) => (
          <text key={i} x={r(t.x)} y={AXIS_Y + 16} className="tl-tick" textAnchor={i === 0 ? "start" : i === ticks.length - 1 ? "end" : "middle"}>
            {t.text}
          </text>
        ))}
        {dropped > 0 && (
          <text x={LEFT} y={GAP_Y - 10} className="tl-dropped">
            ← {dropped} earlier events not kept
          </text>
        )}
        {point && <line x1={r(x(point.at))} x2={r(x(point.at))} y1={BAND_Y} y2={AXIS_Y} className="tl-cursor" />}
      </svg>
      <ul className="tl-legend" aria-label="Legend">
        <li><span className="tl-key tl-key-request" aria-hidden="true" /> request (above its lane)</li>
        <li><span className="tl-key tl-key-reply" aria-hidden="true" /> reply (below)</li>
        <li><span className="tl-key tl-key-notification" aria-hidden="true" /> notification</li>
        <li><span className="tl-key tl-key-input" aria-hidden="true" /> input shown / answered / withdrawn</li>
        <li><span className="tl-key tl-key-status" aria-hidden="true" /> status change or end</li>
        <li><span className="tl-key tl-key-link" aria-hidden="true" /> request → reply (a long one: point at it)</li>
        <li>taller marks: several events in one pixel column</li>
      </ul>
      <figcaption className="note tl-readout">
        {point ? `+${formatGap(point.at - t0)} · ${LANE_LABELS[point.from]}: ${describeEvent(point)}${point.status ? ` (${point.status})` : ""}` : "Point at the picture to read an event; click to find it in the list."}
      </figcaption>
    </figure>
  );
}

/** One mark of `count` events: requests stand above their lane, replies hang below, the rest sit on it. */
function markPath(category: MarkCategory, x: number, y: number, count: number): string {
  const h = 7 + Math.min(13, Math.round(4 * Math.log2(count)));
  const w = COLUMN_PX - 2;
  switch (category) {
    case "request":
      return `M${r(x)} ${y - 1}v${-h}h${w}v${h}z`;
    case "reply":
      return `M${r(x)} ${y + 1}v${h}h${w}v${-h}z`;
    case "notification":
      return `M${r(x + w / 2)} ${y - 7}l5 7l-5 7l-5 -7z`;
    case "input":
      return `M${r(x + w / 2)} ${y - 9}l6 14h-12z`;
    case "status":
      return `M${r(x)} ${y - 12}h2v24h-2z`;
  }
}

const r = (n: number) => Math.round(n * 10) / 10;

