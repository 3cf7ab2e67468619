// Saving from the Logs tab: "Save" on an outgoing tools/call, prompts/get or resources/read row makes it a
// saved call with the arguments it was sent with; "Save these calls" does so for every such row shown (the
// filtered log, or an opened recording) at once, into a new collection.
import * as Dialog from "@radix-ui/react-dialog";
import { useId, useMemo, useRef, useState } from "react";
import { MAX_COLLECTION_CALLS, type SavedCallInput } from "../../../../shared/collection.js";
import type { LogEntry } from "../../../../shared/types.js";
import { useBridge } from "../../app/context.js";
import { useSelectedSession } from "../../app/useSelectedSession.js";
import { useAsyncAction } from "../../components/useAsyncAction.js";
import { SaveActions, SaveCallButton } from "./SaveCallButton.js";

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** The call an outgoing log entry made, when it is one a collection can hold. */
export function callOfEntry(entry: LogEntry): (Omit<SavedCallInput, "assert"> & { name: string }) | undefined {
  if (entry.direction !== "out" || !isObject(entry.payload) || !isObject(entry.payload.params)) return undefined;
  const params = entry.payload.params;
  const args = isObject(params.arguments) ? params.arguments : {};
  if (entry.method === "tools/call" && typeof params.name === "string" && params.name) return { name: params.name.slice(0, 200), kind: "tool", target: params.name, arguments: args, ...(isObject(params.task) ? { asTask: true } : {}) };
  if (entry.method === "prompts/get" && typeof params.name === "string" && params.name) return { name: params.name.slice(0, 200), kind: "prompt", target: params.name, arguments: args };
  if (entry.method === "resources/read" && typeof params.uri === "string" && params.uri) return { name: params.uri.slice(0, 200), kind: "resource", uri: params.uri };
  return undefined;
}

export function SaveLogCallButton({ entry }: { entry: LogEntry }) {
  const call = callOfEntry(entry);
  if (!call) return null;
  const { name, ...rest } = call;
  return <SaveCallButton text="Save" what={`message ${entry.seq}`} callName={name} call={rest} />;
}

export function SaveCallsButton({ entries, from }: { entries: LogEntry[]; from: string }) {
  const bridge = useBridge();
  const server = useSelectedSession()?.serverName;
  const calls = useMemo(() => entries.map(callOfEntry).filter((c) => c !== undefined).slice(0, MAX_COLLECTION_CALLS), [entries]);
  const [open, setOpen] = useState(false);
  const [name, setName] = useState(`Calls from ${from}`.slice(0, 200));
  const [saved, setSaved] = useState<string>();
  const opener = useRef<HTMLButtonElement>(null);
  const action = useAsyncAction();
  const id = useId();
  const save = () =>
    action.run(async () => {
      const title = name.trim() || "Saved calls";
      const all = calls.map((c) => ({ ...c, assert: [{ notError: true as const }] }));
      const { file } = await bridge.addSavedCall({ newCollectionName: title, call: all[0]!, ...(server ? { server } : {}) });
      if (all.length > 1) await bridge.saveCollection({ file, collection: { collection: 1, name: title, ...(server ? { server } : {}), calls: all } });
      setSaved(`${all.length} ${all.length === 1 ? "call" : "calls"} saved to ${file}`);
      setOpen(false);
    });
  return (
    <>
      <button ref={opener} type="button" className="secondary" disabled={!calls.length} title={calls.length ? undefined : "No tools/call, prompts/get or resources/read is shown"} onClick={() => (setSaved(undefined), setOpen(true))}>
        Save these calls ({calls.length})
      </button>
      {saved && (
        <span className="note" role="status">
          {saved}
        </span>
      )}
      {open && (
        <Dialog.Root open onOpenChange={(next) => !next && setOpen(false)}>
          <Dialog.Portal>
            <Dialog.Overlay className="collections-overlay" />
            <Dialog.Content
              className="collections-dialog"
              aria-describedby={undefined}
              onCloseAutoFocus={(event) => {
                event.preventDefault();
                opener.current?.focus();
              }}
            >
              <Dialog.Title>Save {calls.length} calls as a collection</Dialog.Title>
              <form
                className="collections-form"
                onSubmit={(event) => {
                  event.preventDefault();
                  save();
                }}
              >
                <label htmlFor={`${id}-name`}>Collection's name</label>
                <input id={`${id}-name`} value={name} maxLength={200} onChange={(e) => setName(e.target.value)} />
                <p className="note">Each call is saved with its arguments and the assertion "not an error"; add more in the file.</p>
                <SaveActions action={action} onCancel={() => setOpen(false)} />
              </form>
            </Dialog.Content>
          </Dialog.Portal>
        </Dialog.Root>
      )}
    </>
  );
}
