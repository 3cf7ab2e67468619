// Load: one tool of the selected session called over and over (main/core/checks/load.ts, as the CLI's
// `load`), with a live chart while it runs and its figures at the end. Every call is a real tools/call,
// so nothing starts until the user picks the tool, its arguments (the Tools tab's schema form) and Run.
// On a tool's page (the Tools tab, issue 31) the same pane has its tool fixed and takes the page's form's
// arguments; the session's one load shows there only when it is that tool's.
import { useEffect, useState } from "react";
import type { Tool } from "@modelcontextprotocol/sdk/types.js";
import { useBridge, useInspector } from "../../app/context.js";
import { useStoredState } from "../../app/useStoredState.js";
import { ErrorAlert } from "../../components/ErrorAlert.js";
import { useAsyncAction } from "../../components/useAsyncAction.js";
import { SchemaFields } from "../../forms/SchemaFields.js";
import { useSchemaForm } from "../../forms/useSchemaForm.js";
import { draftKeys } from "../../store/draftsSlice.js";
import type { LoadReportView, LoadSecond } from "../../../../shared/load.js";
import { LOAD_CEILINGS } from "../../../../shared/loadCeilings.js";
import { LoadChart } from "./LoadChart.js";
import "../../styles/checks.css";

const NO_TOOLS: Tool[] = [];
const NO_SECONDS: LoadSecond[] = [];

interface LoadSettings {
  tool: string;
  concurrency: number;
  /** Calls a second, all workers together; 0: as fast as the server answers. */
  rate: number;
  durationSeconds: number;
}
const DEFAULTS: LoadSettings = { tool: "", concurrency: 4, rate: 0, durationSeconds: 10 };

/**
 * A whole-number field kept within its bounds. What is typed stays as typed (the user can clear it and type
 * anew); each number typed is sent on bounded, and leaving the field shows the value in use.
 */
function NumberField({ label, value, min, max, disabled, onChange }: { label: string; value: number; min: number; max: number; disabled: boolean; onChange: (n: number) => void }) {
  const [text, setText] = useState(String(value));
  return (
    <label className="inline">
      {label}{" "}
      <input
        type="number"
        min={min}
        max={max}
        value={text}
        disabled={disabled}
        onChange={(e) => {
          setText(e.target.value);
          const n = Number(e.target.value);
          if (e.target.value.trim() !== "" && Number.isFinite(n)) onChange(Math.min(max, Math.max(min, Math.floor(n))));
        }}
        onBlur={() => setText(String(value))}
      />
    </label>
  );
}

/** A tool's page: the tool shown there, and its form's arguments (undefined while the form is not valid). */
export interface FixedTool {
  tool: Tool;
  arguments: () => Promise<Record<string, unknown> | undefined>;
}

export function LoadPanel({ sessionId, connected, fixed }: { sessionId: string; connected: boolean; fixed?: FixedTool }) {
  const bridge = useBridge();
  const tools = useInspector((s) => s.toolsBySession[sessionId]?.tools) ?? NO_TOOLS;
  const [settings, setSettings] = useStoredState<LoadSettings>(draftKeys.view("load", "settings", sessionId), DEFAULTS);
  const [report, setReport] = useStoredState<LoadReportView | undefined>(draftKeys.view("load", "report", sessionId), undefined);
  const [live, setLive] = useStoredState<LoadSecond[]>(draftKeys.view("load", "seconds", sessionId), NO_SECONDS);
  // Kept with the session, not the component: back on this tab mid-run, Stop is still there.
  const [running, setRunning] = useStoredState<{ durationMs: number; tool?: string } | undefined>(draftKeys.view("load", "running", sessionId), undefined);
  const action = useAsyncAction();
  const tool = fixed?.tool ?? tools.find((t) => t.name === settings.tool) ?? tools[0];
  const form = useSchemaForm(tool?.inputSchema ?? { type: "object" }, draftKeys.view("load", "arguments", sessionId, tool?.name ?? ""));
  useEffect(
    () =>
      bridge.onEvents((events) => {
        for (const event of events) {
          if (event.type !== "loadProgress" || event.payload.sessionId !== sessionId) continue;
          const { sessionId: _, ...second } = event.payload;
          // A second already drawn (the core's own list, when the reply came before its last event) is not drawn twice.
          setLive((seconds) => (seconds.length < 700 && second.elapsedMs > (seconds.at(-1)?.elapsedMs ?? -1) ? [...seconds, second] : seconds));
        }
      }),
    [bridge, sessionId, setLive],
  );
  const set = (patch: Partial<LoadSettings>) => setSettings((s) => ({ ...s, ...patch }));

  const run = () =>
    action.run(async () => {
      if (!tool) throw new Error("The server lists no tool to load.");
      const args = await (fixed ? fixed.arguments() : form.submit());
      if (!args) throw new Error(`The arguments for ${tool.name} are not valid yet: see the form.`);
      const durationMs = settings.durationSeconds * 1000;
      setReport(undefined);
      setLive(NO_SECONDS);
      setRunning({ durationMs, tool: tool.name });
      try {
        const result = await bridge.runLoad({ sessionId, tool: tool.name, arguments: args, concurrency: settings.concurrency, durationMs, ...(settings.rate > 0 ? { rate: settings.rate } : {}) });
        setReport(result);
        // The core's own record of every second: complete even if the page missed some events.
        if (result.seconds) setLive(result.seconds);
      } finally {
        setRunning(undefined);
      }
    });

  const busy = action.busy || running !== undefined;
  // On a tool's page, another tool's load (started from the Checks tab) is not drawn as this one's.
  const ours = !fixed || (running ? running.tool === fixed.tool.name : report?.tool === fixed.tool.name);
  const seconds = ours ? live : NO_SECONDS;
  // The chart spans the run as asked while it runs, and as it went once it ended (a stopped run is shorter).
  const durationMs = running?.durationMs ?? (report ? (report.stopped ? seconds.length * 1000 : report.durationMs) : settings.durationSeconds * 1000);
  return (
    <section aria-label={fixed ? `Load ${fixed.tool.name}` : "Load"} className="load-panel">
      <div className="toolbar">
        {!fixed && <h2>Load a tool</h2>}
        {!fixed && (
          <label className="inline">
            Tool{" "}
            <select value={tool?.name ?? ""} onChange={(e) => set({ tool: e.target.value })} disabled={!tools.length || busy}>
              {tools.slice(0, 1000).map((t) => (
                <option key={t.name} value={t.name}>
                  {t.name}
                </option>
              ))}
            </select>
          </label>
        )}
        <NumberField label="At once" value={settings.concurrency} min={1} max={LOAD_CEILINGS.concurrency} disabled={busy} onChange={(concurrency) => set({ concurrency })} />
        <NumberField label="At most (calls/s, 0: no limit)" value={settings.rate} min={0} max={LOAD_CEILINGS.rate} disabled={busy} onChange={(rate) => set({ rate })} />
        <NumberField label="For (s)" value={settings.durationSeconds} min={1} max={LOAD_CEILINGS.durationMs / 1000} disabled={busy} onChange={(durationSeconds) => set({ durationSeconds })} />
        {busy ? (
          <button type="button" onClick={() => void bridge.stopLoad({ sessionId })}>
            Stop the load
          </button>
        ) : (
          <button type="button" onClick={() => void run()} disabled={!connected || !tool}>
            Run the load
          </button>
        )}
      </div>
      <p className="note">
        Calls the tool over and over, the chosen number at once, for the chosen time: each call is a real tools/call, so load only a tool that is safe to call many times. Bounded: at most {LOAD_CEILINGS.concurrency} at once, {LOAD_CEILINGS.rate.toLocaleString("en-US")} calls a second and {LOAD_CEILINGS.durationMs / 60_000} minutes. The same run as <code>mcp-task-inspector load</code>.
      </p>
      {!tools.length && !fixed && <p className="empty">The server lists no tools (open the Tools tab to list them).</p>}
      {fixed ? (
        <p className="note">With the arguments of the form above.</p>
      ) : (
        tool && (
          <fieldset className="checks-tool-arguments" disabled={busy}>
            <legend>Arguments for {tool.name}</legend>
            <SchemaFields form={form} rawLabel={`Arguments for ${tool.name} (JSON)`} />
          </fieldset>
        )
      )}
      {!ours && running && <p className="note">A load of {running.tool ?? "another tool"} is running on this session (one at a time).</p>}
      <ErrorAlert message={action.error} sessionId={sessionId} />
      {((busy && ours) || seconds.length > 0) && <LoadChart seconds={seconds} durationMs={durationMs} />}
      {report && ours && <LoadFigures report={report} />}
    </section>
  );
}

function LoadFigures({ report }: { report: LoadReportView }) {
  const l = report.latencyMs;
  const ms = (n: number | null) => (n === null ? "–" : `${n} ms`);
  const errors = Object.entries(report.errors);
  return (
    <section aria-label="Load figures" className="load-figures-table">
      <p role="status">
        <strong>{report.tool}</strong>: {report.calls} calls{report.stopped ? ", stopped before the end" : ""}, {report.concurrency} at once{report.rate ? `, at most ${report.rate}/s` : ""}
      </p>
      <dl className="facts">
        <dt>Throughput</dt>
        <dd>{report.throughput} calls/s</dd>
        <dt>Latency</dt>
        <dd>
          p50 {ms(l.p50)}, p95 {ms(l.p95)}, p99 {ms(l.p99)}, max {ms(l.max)}
        </dd>
        <dt>Errors</dt>
        <dd className={errors.length ? "check-failed" : undefined}>{errors.length ? errors.map(([kind, n]) => `${kind} ${n}`).join(", ") : "none"}</dd>
        <dt>Server</dt>
        <dd>
          {report.server.state}
          {report.server.reason ? ` (${report.server.reason})` : ""}, {report.server.stderrLines} stderr lines during the run
        </dd>
        {report.bounded && (
          <>
            <dt>Bounded</dt>
            <dd>{report.bounded}</dd>
          </>
        )}
      </dl>
    </section>
  );
}
