// "Save to collection": one call (a tool run, a prompt get, a resource read) saved with its arguments into
// a collection in the config folder, with the assertions the user ticks. Used from a run card and a log row.
import { useId, useRef, useState } from "react";
import type { Assertion, SavedCallInput } from "../../../../shared/collection.js";
import { useBridge } from "../../app/context.js";
import { useSelectedSession } from "../../app/useSelectedSession.js";
import { ErrorAlert } from "../../components/ErrorAlert.js";
import { Modal } from "../../components/Modal.js";
import { useAsyncAction } from "../../components/useAsyncAction.js";
import "./collections.css";

const NEW = "";

export function SaveCallButton({ call, what, callName = what, className = "link", text = "Save to collection" }: { call: Omit<SavedCallInput, "name" | "assert">; what: string; callName?: string; className?: string; text?: string }) {
  const bridge = useBridge();
  const server = useSelectedSession()?.serverName;
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const [name, setName] = useState(callName);
  const [files, setFiles] = useState<{ file: string; name: string }[]>([]);
  const [file, setFile] = useState(NEW);
  const [newName, setNewName] = useState("My calls");
  const [notError, setNotError] = useState(true);
  const [snapshot, setSnapshot] = useState(false);
  const [saved, setSaved] = useState<string>();
  const action = useAsyncAction();
  const id = useId();

  const load = () =>
    action.run(async () => {
      const { collections } = await bridge.listCollections({});
      const list = collections.map((c) => ({ file: c.file, name: c.collection.name }));
      setFiles(list);
      setFile(list[0]?.file ?? NEW);
    });
  const save = () =>
    action.run(async () => {
      const assert: Assertion[] = [...(notError ? [{ notError: true as const }] : []), ...(snapshot ? [{ snapshot: { ignore: [] } }] : [])];
      const saving = { ...call, name: name.trim() || callName, assert };
      const result = file === NEW ? await bridge.addSavedCall({ newCollectionName: newName.trim() || "My calls", call: saving, ...(server ? { server } : {}) }) : await bridge.addSavedCall({ file, call: saving });
      setSaved(`Saved to ${result.file}`);
      setOpen(false);
    });

  return (
    <>
      <button
        ref={opener}
        type="button"
        className={className}
        aria-label={`Save ${what} to a collection`}
        onClick={() => {
          setSaved(undefined);
          setOpen(true);
          load();
        }}
      >
        {text}
      </button>
      {/* Mounted only while open: a list of many runs holds plain buttons. */}
      {open && (
        <Modal onClose={() => setOpen(false)} title={`Save ${what} to a collection`} className="collections-dialog" overlayClassName="collections-overlay" opener={opener}>
          <form
            className="collections-form"
            onSubmit={(event) => {
              event.preventDefault();
              save();
            }}
          >
            <label htmlFor={`${id}-name`}>Name of the call</label>
            <input id={`${id}-name`} value={name} maxLength={200} onChange={(e) => setName(e.target.value)} />
            <label htmlFor={`${id}-file`}>Collection</label>
            <select id={`${id}-file`} value={file} onChange={(e) => setFile(e.target.value)}>
              {files.map((f) => (
                <option key={f.file} value={f.file}>
                  {f.name} ({f.file})
                </option>
              ))}
              <option value={NEW}>New collection…</option>
            </select>
            {file === NEW && (
              <>
                <label htmlFor={`${id}-new`}>New collection's name</label>
                <input id={`${id}-new`} value={newName} maxLength={200} onChange={(e) => setNewName(e.target.value)} />
              </>
            )}
            <fieldset>
              <legend>Assertions</legend>
              <label>
                <input type="checkbox" checked={notError} onChange={(e) => setNotError(e.target.checked)} /> Not an error
              </label>
              <label>
                <input type="checkbox" checked={snapshot} onChange={(e) => setSnapshot(e.target.checked)} /> Same as a snapshot (accept it after the first run)
              </label>
            </fieldset>
            <SaveActions action={action} onCancel={() => setOpen(false)} />
          </form>
        </Modal>
      )}
      {saved && (
        <span className="note" role="status">
          {saved}
        </span>
      )}
    </>
  );
}

/** The foot of a save dialog's form: what went wrong, Save, Cancel. */
export function SaveActions({ action, onCancel }: { action: ReturnType<typeof useAsyncAction>; onCancel: () => void }) {
  return (
    <>
      <ErrorAlert message={action.error} onDismiss={action.clearError} />
      <div className="collections-actions">
        <button type="submit" disabled={action.busy}>
          Save
        </button>
        <button type="button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </>
  );
}
