// Collections: the saved calls kept in the config folder, run one by one or all together on the selected
// session, each assertion beside its result (held or failed, with what was seen). A call's arguments can be
// read and copied, put in the Tools tab's form to edit, and a call removed. A failed snapshot is shown
// as the accepted and the new value side by side, the differing lines marked, with "Accept new snapshot".
// Everything a server sent is rendered as text.
import { useEffect, useMemo, useRef, useState } from "react";
import { saveBlob } from "../../components/resourcePreview.js";
import { describeAssertion, MAX_COLLECTION_BYTES, type CallResult, type Collection, type SavedCall } from "../../../../shared/collection.js";
import { useBridge, useInspector, useInspectorStore } from "../../app/context.js";
import { useSelectTab } from "../../app/navigation.js";
import { CopyButton } from "../../components/CopyButton.js";
import { openInForm } from "../tools/runAgain.js";
import { useSelectedSession } from "../../app/useSelectedSession.js";
import { ErrorAlert } from "../../components/ErrorAlert.js";
import { useAsyncAction } from "../../components/useAsyncAction.js";
import { collectionsByServer } from "./byServer.js";
import "./collections.css";
import { ServerName } from "../../components/ServerName.js";

/** A saved call's arguments are shown up to this many characters (Copy takes them whole): a page never draws megabytes. */
const ARGUMENTS_SHOWN = 100_000;

interface Listed {
  file: string;
  collection: Collection;
}

export function CollectionsTab() {
  const bridge = useBridge();
  const session = useSelectedSession();
  const connected = session?.state === "connected";
  const [listed, setListed] = useState<Listed[]>([]);
  const [problems, setProblems] = useState<{ file: string; problem: string }[]>([]);
  const [file, setFile] = useState<string>();
  const [results, setResults] = useState<Map<number, CallResult>>(new Map());
  const [running, setRunning] = useState<number | "all">();
  const action = useAsyncAction();
  const store = useInspectorStore();
  const selectTab = useSelectTab();
  const tools = useInspector((s) => (session ? s.toolsBySession[session.sessionId]?.tools : undefined));

  const reload = () =>
    action.run(async () => {
      const list = await bridge.listCollections({});
      setListed(list.collections);
      setProblems(list.problems);
      const { own, others } = collectionsByServer(list.collections, session?.serverName);
      setFile((current) => (current && list.collections.some((c) => c.file === current) ? current : (own[0] ?? others[0])?.file));
    });
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useEffect(() => void reload(), []);

  const selected = useMemo(() => listed.find((c) => c.file === file), [listed, file]);
  const grouped = useMemo(() => collectionsByServer(listed, session?.serverName), [listed, session?.serverName]);
  const option = (c: Listed) => (
    <option key={c.file} value={c.file}>
      {c.collection.name} ({c.collection.calls.length} {c.collection.calls.length === 1 ? "call" : "calls"})
    </option>
  );
  const run = (only?: number) =>
    action.run(async () => {
      if (!session || !selected) return;
      setRunning(only ?? "all");
      try {
        const outcome = await bridge.runCollection({ sessionId: session.sessionId, file: selected.file, ...(only !== undefined ? { only: [only] } : {}) });
        setResults((before) => {
          const next = only === undefined ? new Map<number, CallResult>() : new Map(before);
          outcome.calls.forEach((call, i) => next.set(only ?? i, call));
          return next;
        });
      } finally {
        setRunning(undefined);
      }
    });
  const accept = (index: number, snapshot: unknown) =>
    action.run(async () => {
      if (!selected) return;
      await bridge.acceptSnapshot({ file: selected.file, callIndex: index, snapshot });
      await reload();
      setResults((before) => {
        const next = new Map(before);
        const result = next.get(index);
        if (result) next.set(index, { ...result, assertions: result.assertions.map((a) => (a.diff ? { ...a, ok: true, detail: "accepted as the new snapshot", diff: undefined } : a)), ok: result.assertions.every((a) => a.ok || a.diff !== undefined) && !result.error });
        return next;
      });
    });

  /** A saved tool call's arguments in the Tools tab's form, to edit before a run ("{{variables}}" stay as typed). */
  const openInTools = (call: SavedCall) => {
    const tool = tools?.find((t) => t.name === call.target);
    if (!session || !tool) return;
    try {
      openInForm(store, session.sessionId, tool, call.arguments);
    } catch (error) {
      action.setError(`"${call.name}" could not be put in the form: ${error instanceof Error ? error.message : String(error)}`);
      return;
    }
    selectTab("tools");
  };
  const removeCall = (index: number) =>
    action.run(async () => {
      if (!selected) return;
      const call = selected.collection.calls[index]!;
      if (!window.confirm(`Remove the call "${call.name}" from the collection "${selected.collection.name}"?`)) return;
      await bridge.saveCollection({ file: selected.file, collection: { ...selected.collection, calls: selected.collection.calls.filter((_, i) => i !== index) } });
      setResults(new Map());
      await reload();
    });

  const importInput = useRef<HTMLInputElement>(null);
  const importFile = (picked: File) =>
    action.run(async () => {
      if (picked.size > MAX_COLLECTION_BYTES) throw new Error(`${picked.name} is larger than ${MAX_COLLECTION_BYTES / 1024 / 1024} MB`);
      try {
        const { file: imported } = await bridge.importCollection({ text: await picked.text() });
        await reload();
        setFile(imported);
        setResults(new Map());
      } catch (error) {
        throw new Error(`${picked.name} was not imported: ${error instanceof Error ? error.message : String(error)}`);
      }
    });
  const passed = [...results.values()].filter((r) => r.ok).length;
  return (
    <section className="collections-tab" aria-label="Collections">
      <div className="collections-bar">
        <label>
          Collection{" "}
          <select aria-label="Collection" value={file ?? ""} onChange={(e) => (setFile(e.target.value), setResults(new Map()))} disabled={!listed.length}>
            {grouped.own.length > 0 ? (
              <>
                <optgroup label={`For ${session!.serverName}`}>{grouped.own.map(option)}</optgroup>
                {grouped.others.length > 0 && <optgroup label="Other collections">{grouped.others.map(option)}</optgroup>}
              </>
            ) : (
              listed.map(option)
            )}
          </select>
        </label>
        <button type="button" onClick={() => run()} disabled={!connected || !selected || action.busy}>
          {running === "all" ? "Running…" : "Run all"}
        </button>
        <button type="button" onClick={() => reload()} disabled={action.busy}>
          Reload
        </button>
        <button type="button" onClick={() => importInput.current?.click()} disabled={action.busy}>
          Import…
        </button>
        <input
          ref={importInput}
          type="file"
          accept=".json,application/json"
          hidden
          aria-label="Collection file to import"
          onChange={(e) => {
            const picked = e.target.files?.[0];
            e.target.value = "";
            if (picked) importFile(picked);
          }}
        />
        <button type="button" disabled={!selected} onClick={() => selected && saveBlob(new Blob([`${JSON.stringify(selected.collection, null, 2)}\n`], { type: "application/json" }), selected.file)}>
          Export
        </button>
        {!connected && <span className="note">Connect a server to run a collection on it.</span>}
        {results.size > 0 && (
          <span role="status" className="note">
            {passed} passed, {results.size - passed} failed
          </span>
        )}
      </div>
      <ErrorAlert message={action.error} onDismiss={action.clearError} />
      {problems.map((p) => (
        <p key={p.file} className="alert error" role="alert">
          {p.file} was not loaded: {p.problem}
        </p>
      ))}
      {!listed.length && !problems.length && <p className="empty">No collections yet: save a call with "Save to collection" on a run card.</p>}
      {selected && (
        <ol className="collections-calls" aria-label={`Calls of ${selected.collection.name}`}>
          {selected.collection.calls.map((call, index) => {
            const result = results.get(index);
            const state = result ? (result.ok ? "call-passed" : "call-failed") : "";
            return (
              <li key={index} className={`collection-call ${state}`} aria-label={`${call.name}${result ? (result.ok ? ": passed" : ": failed") : ""}`}>
                <div className="collection-call-head">
                  <strong>{call.name}</strong>
                  <span className="collection-call-target">
                    {call.kind} <ServerName text={(call.kind === "resource" ? call.uri : call.target) ?? ""} />
                    {result ? ` · ${result.durationMs} ms` : ""}
                  </span>
                  <span className="collection-call-actions">
                    <button type="button" onClick={() => run(index)} disabled={!connected || action.busy} aria-label={`Run ${call.name}`}>
                      {running === index ? "Running…" : "Run"}
                    </button>
                    {call.kind === "tool" && (
                      <OpenInTools call={call} available={tools?.some((t) => t.name === call.target) ?? false} onOpen={() => openInTools(call)} />
                    )}
                    <button type="button" onClick={() => removeCall(index)} disabled={action.busy} aria-label={`Remove ${call.name} from the collection`}>
                      Remove…
                    </button>
                  </span>
                </div>
                {call.kind !== "resource" && <SavedArguments call={call} />}
                {result?.error && <p className="alert error">{result.error}</p>}
                <ul className="collection-assertions" aria-label={`Assertions of ${call.name}`}>
                  {call.assert.map((assertion, j) => {
                    const judged = result?.assertions[j];
                    return (
                      <li key={j}>
                        <div className="collection-assertion">
                          <span className={judged ? (judged.ok ? "assert-held" : "assert-failed") : "assert-pending"}>{judged ? (judged.ok ? "Held" : "Failed") : "Not run"}</span>
                          <span>{describeAssertion(assertion)}</span>
                          <span>{judged?.detail ?? ""}</span>
                        </div>
                        {judged?.diff && <SnapshotDiff accepted={judged.diff.accepted} received={judged.diff.received} onAccept={() => accept(index, judged.diff!.received)} name={call.name} busy={action.busy} />}
                      </li>
                    );
                  })}
                </ul>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}

function OpenInTools({ call, available, onOpen }: { call: SavedCall; available: boolean; onOpen(): void }) {
  return (
    <button
      type="button"
      onClick={onOpen}
      disabled={!available}
      aria-label={`Open ${call.name} in the Tools tab`}
      title={available ? "Put this call's arguments in the tool's form, to edit them and run" : `The selected session has no tool named "${call.target}"`}
    >
      Open in Tools
    </button>
  );
}

/** The call's arguments as JSON, drawn only once opened, and cut past ARGUMENTS_SHOWN characters. */
function SavedArguments({ call }: { call: SavedCall }) {
  const [open, setOpen] = useState(false);
  // A file may hold arguments nested past what the page's stack can print: said, not a broken tab.
  const text = useMemo(() => {
    if (!open) return "";
    try {
      return JSON.stringify(call.arguments, null, 2);
    } catch (error) {
      return `(the arguments cannot be shown: ${error instanceof Error ? error.message : String(error)})`;
    }
  }, [open, call.arguments]);
  const count = Object.keys(call.arguments).length;
  return (
    <details className="collection-arguments" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>
        Arguments ({count} {count === 1 ? "key" : "keys"})
      </summary>
      {open && (
        <>
          <CopyButton text={() => JSON.stringify(call.arguments, null, 2)} what={`the arguments of ${call.name}`} />
          <pre className="json">{text.length > ARGUMENTS_SHOWN ? `${text.slice(0, ARGUMENTS_SHOWN)}\n…` : text}</pre>
          {text.length > ARGUMENTS_SHOWN && <p className="note">The first {ARGUMENTS_SHOWN.toLocaleString("en")} of {text.length.toLocaleString("en")} characters; Copy takes them all.</p>}
        </>
      )}
    </details>
  );
}

function SnapshotDiff({ accepted, received, onAccept, name, busy }: { accepted: unknown; received: unknown; onAccept(): void; name: string; busy: boolean }) {
  const left = accepted === undefined ? [] : (JSON.stringify(accepted, null, 2) ?? "").split("\n");
  const right = (JSON.stringify(received, null, 2) ?? "").split("\n");
  const lines = (mine: string[], other: string[]) =>
    mine.slice(0, 2000).map((line, i) => (
      <span key={i} className={other[i] === line ? undefined : "diff-line-changed"}>
        {line}
        {"\n"}
      </span>
    ));
  return (
    <div>
      <div className="snapshot-diff" role="group" aria-label={`Snapshot difference for ${name}`}>
        <div>
          <h4>Accepted snapshot</h4>
          <pre>{accepted === undefined ? "(none accepted yet)" : lines(left, right)}</pre>
        </div>
        <div>
          <h4>New result</h4>
          <pre>{lines(right, left)}</pre>
        </div>
      </div>
      <button type="button" onClick={onAccept} disabled={busy} aria-label={`Accept new snapshot for ${name}`}>
        Accept new snapshot
      </button>
    </div>
  );
}
