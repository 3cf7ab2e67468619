// Issue 22: "Save recording…" writes the selected session's log as a .mcprec file (the whole session, or
// from a mark the user set on the newest message); "Open recording…" reads one back (checked by main:
// bounded, schema-checked) and the Logs tab shows it read-only instead of the session.
import { useRef } from "react";
import { useBridge } from "../../app/context.js";
import { useStoredState } from "../../app/useStoredState.js";
import { ErrorAlert } from "../../components/ErrorAlert.js";
import { saveBlob } from "../../components/resourcePreview.js";
import { useAsyncAction } from "../../components/useAsyncAction.js";
import { draftKeys } from "../../store/draftsSlice.js";
import { closeInCore, COMPARISON_KEY, fetchRest, RECORDING_KEY, stillComing, type OpenedRecording } from "./recordingState.js";
import { RecordingFileInput } from "./RecordingFileInput.js";

export { RECORDING_KEY, type OpenedRecording } from "./recordingState.js";




export function SaveRecording({ sessionId, newestSeq }: { sessionId: string; newestSeq: number | undefined }) {
  const bridge = useBridge();
  const [mark, setMark] = useStoredState<number | undefined>(draftKeys.view("logs", "mark", sessionId), undefined);
  const [saved, setSaved] = useStoredState<string | undefined>(draftKeys.view("logs", "saved", sessionId), undefined);
  const action = useAsyncAction();
  const save = (fromSeq?: number) =>
    void action.run(async () => {
      const { fileName, text, lines } = await bridge.saveRecording({ sessionId, ...(fromSeq !== undefined ? { fromSeq } : {}) });
      saveBlob(new Blob([text], { type: "application/x-ndjson" }), fileName);
      setSaved(`Saved ${fileName} (${lines} ${lines === 1 ? "line" : "lines"})`);
    });
  return (
    <>
      <button type="button" disabled={action.busy} onClick={() => save()}>
        Save recording…
      </button>
      <button type="button" className="secondary" disabled={newestSeq === undefined} title="Later messages only, when saving from the mark" onClick={() => setMark(newestSeq === undefined ? undefined : newestSeq + 1)}>
        {mark === undefined ? "Set mark" : "Move mark"}
      </button>
      {mark !== undefined && (
        <>
          <button type="button" disabled={action.busy} onClick={() => save(mark)}>
            Save from mark…
          </button>
          <span className="note">Mark after message {mark - 1}</span>
        </>
      )}
      <span className="note" role="status">
        {saved}
      </span>
      <ErrorAlert message={action.error} onDismiss={action.clearError} />
    </>
  );
}

export function OpenRecording() {
  const bridge = useBridge();
  const [previous, setOpened] = useStoredState<OpenedRecording | undefined>(RECORDING_KEY, undefined);
  const [, setComparison] = useStoredState<unknown>(COMPARISON_KEY, undefined);
  const input = useRef<HTMLInputElement>(null);
  const action = useAsyncAction();
  return (
    <>
      <button type="button" className="secondary" disabled={action.busy} onClick={() => input.current?.click()}>
        Open recording…
      </button>
      <RecordingFileInput
        inputRef={input}
        label="Recording file"
        tooBig={(file, mb) => `${file.name} is ${mb} MB: the app opens recordings up to 64 MB (mcp-task-inspector replay and diff read larger ones)`}
        use={(file, read) =>
          void action.run(async () => {
            const text = await read();
            try {
              const opened = await bridge.openRecording({ text });
              closeInCore(bridge, previous);
              setOpened({ ...opened, fileName: file.name, text });
              // A comparison was of the recording opened before.
              setComparison(undefined);
              // Issue 33: the first page is drawn now; the rest comes in the background.
              if (opened.handle) void fetchRest(bridge, opened.handle, setOpened);
            } catch (error) {
              // Which file, then what is wrong with it (the reader names the line).
              throw new Error(`${file.name} could not be opened: ${error instanceof Error ? error.message : String(error)}`);
            }
          })
        }
      />
      <ErrorAlert message={action.error} onDismiss={action.clearError} />
    </>
  );
}

/** The banner over a recording shown in the Logs tab: what it is, and the way back to the live session. */
export function RecordingBanner({ opened, onClose }: { opened: OpenedRecording; onClose: () => void }) {
  const bridge = useBridge();
  const h = opened.header as { server?: { name?: unknown; transport?: unknown }; serverInfo?: { name?: unknown; version?: unknown }; era?: unknown; protocolVersion?: unknown; recordedAt?: unknown; incomplete?: { droppedLines?: unknown } };
  // A recording is a file someone sent: its words are shown as text, and only their start.
  const text = (v: unknown) => (typeof v !== "string" ? "" : v.length > 200 ? `${v.slice(0, 200)}…` : v);
  const coming = stillComing(opened) && !opened.failed;
  const here = opened.entries.length.toLocaleString("en-US");
  // Until the core has read all of it, the count is of what came so far.
  const total = opened.total === undefined ? undefined : Math.max(opened.total, opened.entries.length).toLocaleString("en-US");
  const server = [text(h.serverInfo?.name) || text(h.server?.name), text(h.serverInfo?.version)].filter(Boolean).join(" ");
  return (
    <div className="recording-banner" role="region" aria-label="Opened recording">
      <p>
        <strong>Recording {opened.fileName}</strong> (read-only): {server || "unknown server"}
        {h.protocolVersion ? `, ${text(h.protocolVersion)}` : ""}
        {h.server?.transport ? ` over ${text(h.server.transport)}` : ""}
        {h.recordedAt ? `, recorded ${text(h.recordedAt)}` : ""}. {total ? `${total} messages` : `${here} messages so far`}, {opened.stderr.length} stderr lines.
      </p>
      {coming && (
        <p className="note" role="status">
          Reading the messages: {total ? `${here} of ${total}` : here} here, the rest coming…
        </p>
      )}
      {opened.failed && <p className="recording-warning">{text(opened.failed)}</p>}
      {typeof h.incomplete?.droppedLines === "number" && <p className="note">The recording reached its size limit: {h.incomplete.droppedLines} later lines were not kept.</p>}
      {opened.warnings.slice(0, 5).map((w) => (
        <p key={w} className="recording-warning">
          {text(w)}
        </p>
      ))}
      {opened.warnings.length > 5 && <p className="recording-warning">…and {opened.warnings.length - 5} more warnings</p>}
      <button
        type="button"
        className="secondary"
        onClick={() => {
          closeInCore(bridge, opened);
          onClose();
        }}
      >
        Close recording
      </button>
    </div>
  );
}
