// Logs of the selected session: every JSON-RPC message in and out (virtualised, filterable by
// direction, method and task id, searchable inside payloads, oldest or newest first, following the
// newest unless the user scrolled away, each viewable as JSON beside the table), the server's logging
// notifications and its stderr.
import { useLayoutEffect, useMemo, useRef, useState } from "react";
import { Group, Panel, Separator } from "react-resizable-panels";
import { SaveCallsButton, SaveLogCallButton } from "../collections/SaveLogCallButton.js";
import { useBridge, useInspector } from "../../app/context.js";
import { useSelectTab } from "../../app/navigation.js";
import { useSelectedSession } from "../../app/useSelectedSession.js";
import { useStoredState } from "../../app/useStoredState.js";
import { ErrorAlert } from "../../components/ErrorAlert.js";
import { CopyButton } from "../../components/CopyButton.js";
import { JsonView, toJsonText } from "../../components/JsonView.js";
import { useAsyncAction } from "../../components/useAsyncAction.js";
import { VirtualTable, type Column } from "../../components/VirtualTable.js";
import { draftKeys } from "../../store/draftsSlice.js";
import type { SessionLog } from "../../store/logSlice.js";
import { formatClock } from "../../util/time.js";
import { cutNote } from "../../../../shared/byteBudget.js";
import { appDroppedNote } from "../../../../shared/appLogShare.js";
import { appBridgeMessage, filterLog, taskIdsOfEntry, type LogFilter } from "./logFilter.js";
import { formatLatency, latencies, useLogSearch } from "./logSearch.js";
import type { SessionInfo } from "../../../../shared/types.js";
import { COMPARISON_KEY, CompareRecording, RecordingDiffView, type Comparison } from "./RecordingDiff.js";
import { OpenRecording, RECORDING_KEY, RecordingBanner, SaveRecording, type OpenedRecording } from "./RecordingControls.js";
import { ServerName } from "../../components/ServerName.js";

const COLUMNS: Column[] = [
  { id: "seq", header: "#", width: "4rem" },
  { id: "time", header: "Time", width: "5.5rem" },
  { id: "direction", header: "Direction", width: "5.5rem" },
  { id: "method", header: "Method", width: "minmax(9rem, 2fr)" },
  { id: "id", header: "Id", width: "4rem" },
  { id: "latency", header: "Latency", description: "From a request to its answer (either way)", width: "4.5rem" },
  { id: "task", header: "Task", width: "minmax(5rem, 1fr)" },
  { id: "view", header: "JSON", width: "6.5rem" },
];

/**
 * Docked on the right the panel is narrow: the columns that say most, each as narrow as its words, so that
 * at its default width no column needs the table scrolled sideways. The direction is an arrow, and a row's
 * Save moves to the head of its JSON below the list.
 */
const NARROW_COLUMNS: Column[] = [
  { id: "seq", header: "#", width: "3rem" },
  { id: "time", header: "Time", width: "4.4rem" },
  { id: "direction", header: "Dir.", description: "Direction", width: "1.6rem" },
  { id: "method", header: "Method", width: "minmax(4rem, 1fr)" },
  { id: "view", header: "JSON", width: "2.6rem" },
];
/** Where each narrow column's cell is in a full row (renderCells draws the full row, in COLUMNS' order). */
const NARROW_CELLS = NARROW_COLUMNS.map((narrow) => COLUMNS.findIndex((column) => column.id === narrow.id));

const LEVELS = ["debug", "info", "notice", "warning", "error", "critical", "alert", "emergency"] as const;
type Level = (typeof LEVELS)[number];
const EMPTY: SessionLog = { entries: [], stderr: [], serverLogs: [] };
const NO_FILTER: LogFilter = { direction: "all", method: "", taskId: "" };

/**
 * `docked`: drawn in the docked panel beside another tab (at the bottom or on the right), where it is for
 * watching the messages: the recording actions stay in the Logs tab (one button leads there) and the filters
 * are narrower, so the panel's room goes to the messages. On the right, the JSON goes below the list and the
 * list keeps the columns that say most.
 */
export function LogsTab({ docked }: { docked?: "bottom" | "right" }) {
  const session = useSelectedSession();
  const selectTab = useSelectTab();
  const liveLog = useInspector((s) => (session ? s.logs[session.sessionId] : undefined)) ?? EMPTY;
  // Issue 22: an opened recording is shown read-only in place of the session's log, until closed.
  const [opened, setOpened] = useStoredState<OpenedRecording | undefined>(RECORDING_KEY, undefined);
  const [comparison, setComparison] = useStoredState<Comparison | undefined>(COMPARISON_KEY, undefined);
  const recordingLog = useMemo<SessionLog | undefined>(() => (opened ? { entries: opened.entries, stderr: opened.stderr, serverLogs: [] } : undefined), [opened]);
  const log = recordingLog ?? liveLog;
  // Kept per session, outside the tab: switching tabs (or sessions) and back keeps them.
  const scope = opened ? `recording:${opened.fileName}` : (session?.sessionId ?? "");
  const [filter, setFilter] = useStoredState<LogFilter>(draftKeys.view("logs", "filter", scope), NO_FILTER);
  const [shownSeq, setShownSeq] = useStoredState<number | undefined>(draftKeys.view("logs", "shown", scope), undefined);
  // Clear hides what came so far from this view only: the kept log (Save, recordings) still has it.
  const [clearedSeq, setClearedSeq] = useStoredState<number>(draftKeys.view("logs", "cleared", scope), 0);
  const [order, setOrder] = useStoredState<"oldest" | "newest">(draftKeys.view("logs", "order", "all"), "oldest");
  const [query, setQuery] = useStoredState<string>(draftKeys.view("logs", "search", scope), "");
  const kept = useMemo(() => (clearedSeq ? log.entries.filter((e) => e.seq > clearedSeq) : log.entries), [log.entries, clearedSeq]);
  const filtered = useMemo(() => filterLog(kept, filter), [kept, filter]);
  const search = useLogSearch(filtered, query);
  const entries = useMemo(() => {
    const found = search.matches ? filtered.filter((e) => search.matches!.has(e.seq)) : filtered;
    return order === "newest" ? [...found].reverse() : found;
  }, [filtered, search.matches, order]);
  const latency = useMemo(() => latencies(log.entries), [log.entries]);
  // Follow newest: on until the user scrolls away from the newest edge; "N new" counts what came since.
  const [following, setFollowing] = useState(true);
  const [countWhenPaused, setCountWhenPaused] = useState(0);
  const newSincePaused = following ? 0 : Math.max(0, entries.length - countWhenPaused);
  const shownIndex = shownSeq === undefined ? -1 : entries.findIndex((e) => e.seq === shownSeq);
  // A link from elsewhere (a check's message, issue 23) opens the tab with a message shown: scrolled to once.
  const [arrivedAt] = useState(shownSeq);
  const arrivedIndex = arrivedAt === undefined ? -1 : entries.findIndex((e) => e.seq === arrivedAt);
  // A message the filter hides is not shown in the JSON panel either: the panel never shows what the list does not.
  const shown = shownIndex >= 0 ? entries[shownIndex] : undefined;
  // The first match in the shown message is brought into view inside the JSON pane, before it is painted.
  const jsonPane = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const pane = jsonPane.current;
    const mark = pane?.querySelector("mark");
    if (pane && mark) pane.scrollTop += mark.getBoundingClientRect().top - pane.getBoundingClientRect().top - pane.clientHeight / 3;
  }, [shown, query]);

  if (!session && !opened) {
    return (
      <div className="logs-tab">
        <p className="empty">Connect a server to see its log, or open a recording.</p>
        <div className="toolbar">
          <OpenRecording />
          <CompareRecording opened={undefined} live={undefined} />
        </div>
      </div>
    );
  }

  const directionField = (
    <label className="inline">
      Direction{" "}
      <select value={filter.direction} onChange={(e) => setFilter({ ...filter, direction: e.target.value as LogFilter["direction"] })}>
        <option value="all">Both</option>
        <option value="in">in (server → us)</option>
        <option value="out">out (us → server)</option>
      </select>
    </label>
  );
  const methodField = (
    <label className="inline">
      Method <input value={filter.method} placeholder="tasks/" onChange={(e) => setFilter({ ...filter, method: e.target.value })} />
    </label>
  );
  const taskField = (
    <label className="inline">
      Task ID <input value={filter.taskId} onChange={(e) => setFilter({ ...filter, taskId: e.target.value })} />
    </label>
  );
  const searchField = (
    <label className="inline">
      Search{" "}
      <input type="search" aria-label="Search in payloads" title="Search in payloads (Ctrl+F)" value={query} placeholder="text in any message" onChange={(e) => setQuery(e.target.value)} />
    </label>
  );
  const orderField = (
    <label className="inline">
      Order{" "}
      <select value={order} onChange={(e) => setOrder(e.target.value as "oldest" | "newest")}>
        <option value="oldest">Oldest first</option>
        <option value="newest">Newest first</option>
      </select>
    </label>
  );
  const filtersOn = (filter.direction !== "all" ? 1 : 0) + (filter.method.trim() ? 1 : 0) + (filter.taskId.trim() ? 1 : 0);

  const cells = (index: number, narrow = false) => {
    const e = entries[index];
    if (!e) return [];
    const errorCode = errorCodeOf(e.payload);
    // Issue 20: a message across an App's bridge says which way it went and its own method.
    const bridged = appBridgeMessage(e.payload);
    return [
      e.seq,
      formatClock(e.time),
      narrow ? <DirectionArrow direction={e.direction} words={bridged?.direction} /> : bridged ? bridged.direction : e.direction === "in" ? "← in" : "→ out",
      // I5: one logical call's rounds read as one conversation; a remark (era probe, E5) is flagged.
      <span title={e.remark}>
        {bridged ? (
          <>
            App: <ServerName text={bridged.method} />
          </>
        ) : e.method !== undefined ? (
          <ServerName text={e.method} />
        ) : e.id !== undefined ? (
          "(response)"
        ) : (
          "(note)"
        )}
        {e.exchange ? ` · call ${e.exchange.call}, round ${e.exchange.round}` : ""}
        {errorCode !== undefined && <span className="status-error"> · error {errorCode}</span>}
        {e.cut ? <span className="note"> · cut</span> : ""}
        {/* AP12: the App's rows say how many of them its share of the log has dropped. */}
        {e.app?.dropped ? <span className="note" title={appDroppedNote(e.app.dropped)}> · {e.app.dropped.toLocaleString("en-US")} App rows dropped</span> : ""}
        {e.remark ? " ⚑" : ""}
      </span>,
      e.id === undefined ? "" : String(e.id),
      formatLatency(latency.get(e.seq)),
      taskIdsOfEntry(e).join(", "),
      <>
        <button type="button" className="link" aria-label={`Show message ${e.seq} as JSON`} aria-pressed={shownSeq === e.seq} onClick={() => setShownSeq(shownSeq === e.seq ? undefined : e.seq)}>
          View
        </button>
        {!narrow && (
          <>
            {" "}
            <SaveLogCallButton entry={e} />
          </>
        )}
      </>,
    ];
  };

  const serverOutput = (
    <>
      {session && !opened && <ServerLogSection sessionId={session.sessionId} era={session.era} log={log} canSetLevel={(session.era === "modern" || Boolean(session.serverCapabilities?.logging)) && session.state === "connected"} />}
      <section aria-label="Server stderr">
        <h2>stderr</h2>
        {log.stderr.length === 0 ? <p className="note">Nothing on stderr.</p> : <pre className="stderr-lines">{log.stderr.join("\n")}</pre>}
      </section>
    </>
  );
  return (
    <div className={docked ? `logs-tab docked docked-${docked}` : "logs-tab"}>
      {!docked && (
        <div className="toolbar">
          {session && !opened && <SaveRecording sessionId={session.sessionId} newestSeq={liveLog.entries.at(-1)?.seq} />}
          <OpenRecording />
          <CompareRecording opened={opened} live={session ? { sessionId: session.sessionId, serverName: session.serverName } : undefined} />
          <SaveCallsButton entries={entries} from={opened ? opened.fileName : (session?.serverName ?? "the log")} />
        </div>
      )}
      {opened && (
        <RecordingBanner
          opened={opened}
          onClose={() => {
            setOpened(undefined);
            setComparison(undefined);
          }}
        />
      )}
      {opened && comparison && !docked && <RecordingDiffView comparison={comparison} onClose={() => setComparison(undefined)} />}
      <section className="log-messages" aria-label="Protocol messages">
        <div className="toolbar">
          <h2 className={docked ? "visually-hidden" : undefined}>Protocol messages</h2>
          {docked ? (
            <>
              {searchField}
              {/* Docked, the panel is narrow or short: the filters fold under one line that says how many are on. */}
              <details className="log-filters">
                <summary>Filters{filtersOn > 0 ? ` (${filtersOn} on)` : ""}</summary>
                <div className="log-filters-fields">
                  {directionField}
                  {methodField}
                  {taskField}
                  {orderField}
                </div>
              </details>
            </>
          ) : (
            <>
              {directionField}
              {methodField}
              {taskField}
              {searchField}
              {orderField}
            </>
          )}
          <button type="button" aria-pressed={following} title="Keep the newest message in view; scrolling away pauses it" onClick={() => setFollowing(true)}>
            Follow newest
          </button>
          {newSincePaused > 0 && (
            <button type="button" className="primary" onClick={() => setFollowing(true)}>
              {newSincePaused} new
            </button>
          )}
          {clearedSeq > 0 ? (
            <button type="button" onClick={() => setClearedSeq(0)}>
              Show all ({log.entries.length - kept.length} cleared)
            </button>
          ) : (
            <button type="button" title="Hide the messages so far from this view; the kept log (Save, recordings) keeps them" disabled={log.entries.length === 0} onClick={() => setClearedSeq(log.entries.at(-1)?.seq ?? 0)}>
              Clear view
            </button>
          )}
          <span className="note" role="status">
            {entries.length} of {log.entries.length} messages
            {query.trim() && (search.done ? ` · ${search.matches?.size ?? 0} match "${query.trim().slice(0, 60)}"` : ` · searching ${search.scanned} of ${search.total}…`)}
          </span>
          {docked && (
            <button type="button" className="secondary" title="Save or open a recording, compare, save these calls" onClick={() => selectTab("logs")}>
              Open the Logs tab
            </button>
          )}
        </div>
        <div className="logs-split">
        <Group orientation={docked === "right" ? "vertical" : "horizontal"}>
          <Panel defaultSize={docked === "right" ? "60%" : "66%"} minSize="30%">
            <VirtualTable
              label="Protocol messages"
              columns={docked === "right" ? NARROW_COLUMNS : COLUMNS}
              rowCount={entries.length}
              renderCells={
                docked === "right"
                  ? (index) => {
                      const all = cells(index, true);
                      return NARROW_CELLS.map((i) => all[i]);
                    }
                  : cells
              }
              height="calc(100% - 2.2rem)"
              rowHeight={28}
              {...(shownIndex >= 0 ? { selectedIndex: shownIndex } : {})}
              {...(arrivedIndex >= 0 ? { scrollToIndex: arrivedIndex } : {})}
              rowClassName={(i) => `dir-${entries[i]?.direction ?? ""}`}
              onRowClick={(i) => setShownSeq(entries[i]?.seq)}
              follow={{
                edge: order === "newest" ? "top" : "bottom",
                following: following && arrivedIndex < 0,
                onFollowingChange: (next) => {
                  setFollowing(next);
                  if (!next) setCountWhenPaused(entries.length);
                },
              }}
            />
          </Panel>
          <Separator className="split-handle" aria-label="Resize the message list and its JSON" />
          <Panel defaultSize={docked === "right" ? "40%" : "34%"} minSize="20%">
            <div className="message-json" aria-label="Message JSON" role="region" ref={jsonPane}>
              {shown ? (
                <>
                  {/* Stays at the pane's top while the JSON scrolls (a search match can be far down). */}
                  <div className="message-json-head">
                    <h3>
                      Message {shown.seq} ({shown.direction}) {shown.method ?? ""}
                      {latency.has(shown.seq) && <span className="note"> · {formatLatency(latency.get(shown.seq))} request → answer</span>}
                    </h3>
                    <CopyButton text={() => toJsonText(shown.payload)} what={`message ${shown.seq} as JSON`} />
                    {docked === "right" && <SaveLogCallButton entry={shown} />}
                  </div>
                  {shown.remark && <p className="note">{shown.remark}</p>}
                  {/* Issue 19: a message over the per-entry cap is kept as a cut, and says so. */}
                  {shown.cut && <p className="note log-cut">{cutNote(shown.cut)}</p>}
                  {shown.app?.dropped ? <p className="note log-app-dropped">{appDroppedNote(shown.app.dropped)}.</p> : null}
                  <JsonView value={shown.payload} label={`Message ${shown.seq} JSON`} {...(query.trim() ? { highlight: query } : {})} />
                </>
              ) : (
                <p className="note">Choose a message&apos;s View to see its JSON here.</p>
              )}
            </div>
          </Panel>
        </Group>
        </div>
      </section>
      {docked ? (
        // Docked, the messages take the panel; the server's own output folds under one line below them.
        <details className="dock-more">
          <summary>
            Server log ({log.serverLogs.length}) and stderr ({log.stderr.length} {log.stderr.length === 1 ? "line" : "lines"})
          </summary>
          {serverOutput}
        </details>
      ) : (
        serverOutput
      )}
    </div>
  );
}

/** The narrow list's direction: an arrow, its words in a tooltip and for screen readers. */
function DirectionArrow({ direction, words = direction }: { direction: "in" | "out"; words?: string | undefined }) {
  return (
    <span title={words}>
      <span aria-hidden="true">{direction === "in" ? "←" : "→"}</span>
      <span className="visually-hidden"> {words}</span>
    </span>
  );
}

function ServerLogSection({ sessionId, era, log, canSetLevel }: { sessionId: string; era: SessionInfo["era"]; log: SessionLog; canSetLevel: boolean }) {
  const bridge = useBridge();
  const [level, setLevel] = useStoredState<Level>(draftKeys.view("logs", "level", sessionId), "info");
  const action = useAsyncAction();
  const [done, setDone] = useState<string>();
  return (
    <section aria-label="Server log">
      <div className="toolbar">
        <h2>Server log (notifications/message)</h2>
        {era === "modern" && <span className="note deprecated">Logging is deprecated in 2026-07-28; the level rides on each request</span>}
        <label className="inline">
          Logging level{" "}
          <select value={level} onChange={(e) => setLevel(e.target.value as Level)}>
            {LEVELS.map((l) => (
              <option key={l} value={l}>
                {l}
              </option>
            ))}
          </select>
        </label>
        <button
          type="button"
          disabled={!canSetLevel || action.busy}
          onClick={() =>
            void action.run(async () => {
              await bridge.setLoggingLevel({ sessionId, level });
              setDone(`Level set to ${level}`);
            })
          }
        >
          Set level
        </button>
        <span role="status" className="note">
          {done}
        </span>
      </div>
      <ErrorAlert message={action.error} onDismiss={action.clearError} />
      {log.serverLogs.length === 0 ? (
        <p className="note">No logging notifications yet.</p>
      ) : (
        <ol className="server-logs">
          {log.serverLogs.slice(-500).map((m) => (
            <li key={m.receivedSeq} className={`level-${m.level}`}>
              <span className="level">{m.level}</span> {m.logger && <span className="note">[{m.logger}]</span>}{" "}
              <span className="log-data">{logText(m.data)}</span>
              {m.cut && <span className="note"> ({cutNote(m.cut, "data")}; the protocol log holds more of the message)</span>}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/** One line per notification; the full data is in the protocol log's JSON view. */
function logText(data: unknown): string {
  let text: string;
  try {
    text = typeof data === "string" ? data : (JSON.stringify(data) ?? String(data));
  } catch {
    text = String(data);
  }
  return text.length > 2000 ? `${text.slice(0, 2000)}…` : text;
}

/** The code of a JSON-RPC error reply, as sent or inside a noted message; undefined for anything else. */
function errorCodeOf(payload: unknown): number | string | undefined {
  const message = payload && typeof payload === "object" && "note" in payload && "message" in payload ? (payload as { message: unknown }).message : payload;
  if (!message || typeof message !== "object" || !("error" in message)) return undefined;
  const error = (message as { error: unknown }).error;
  const code = error && typeof error === "object" ? (error as { code?: unknown }).code : undefined;
  return typeof code === "number" ? code : "?";
}

