// The session's roots (issue 13): what `roots/list` answers. Add and remove `file://` URIs (or a folder from
// the desktop app's picker); each change goes to the core with setRoots, which tells a 2025-11-25 server
// (notifications/roots/list_changed) and keeps the roots with the saved entry. The list shown is the core's.
import { useId, useState } from "react";
import type { Root, SessionInfo } from "../../../shared/types.js";
import { ErrorAlert } from "../components/ErrorAlert.js";
import { useAsyncAction } from "../components/useAsyncAction.js";
import { useBridge, useInspector } from "./context.js";

/** As the contract's RootSchema says (the page imports only types from shared/); null when fine. */
export function rootUriProblem(uri: string): string | null {
  if (!uri) return "Type a file:// URI, such as file:///home/me/project";
  if (!uri.startsWith("file://")) return `A root must be a file:// URI, such as file:///home/me/project (not "${uri.slice(0, 200)}")`;
  try {
    if (new URL(uri).protocol !== "file:" || /\s/.test(uri)) throw new Error("not a file URL");
  } catch {
    return "A root must be a well-formed file:// URI: write a space as %20";
  }
  return null;
}

export function RootsEditor({ session }: { session: SessionInfo }) {
  const bridge = useBridge();
  const folderPicker = useInspector((s) => s.host.folderPicker);
  const id = useId();
  const roots = session.roots ?? [];
  const [uri, setUri] = useState("");
  const [name, setName] = useState("");
  const [problem, setProblem] = useState<string>();
  const action = useAsyncAction();

  const send = (next: Root[]) => action.run(() => bridge.setRoots({ sessionId: session.sessionId, roots: next }));
  const add = async (root: Root) => {
    if (roots.some((r) => r.uri === root.uri)) {
      setProblem(`${root.uri.slice(0, 200)} is already a root`);
      return false;
    }
    setProblem(undefined);
    return (await send([...roots, root])) !== undefined;
  };

  return (
    <section className="roots-editor" aria-label="Roots">
      <h3>Roots offered to the server</h3>
      <p className="note">
        {session.era === "modern"
          ? "2026-07-28: the server gets these when it asks (roots/list in an input request)."
          : "2025-11-25: a change is announced with notifications/roots/list_changed, and the server asks roots/list again."}{" "}
        Kept with the saved server.
      </p>
      {roots.length === 0 ? (
        <p className="empty">No roots: the server is told there are none.</p>
      ) : (
        <ul className="roots-list">
          {roots.map((root) => (
            <li key={root.uri}>
              <code className="root-uri">{root.uri}</code>
              {root.name && <span className="note"> ({root.name})</span>}{" "}
              <button
                type="button"
                className="secondary"
                aria-label={`Remove root ${root.uri}`}
                disabled={action.busy}
                onClick={() => void send(roots.filter((r) => r.uri !== root.uri))}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      <form
        className="row"
        aria-label="Add a root"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          const trimmed = uri.trim();
          const why = rootUriProblem(trimmed);
          setProblem(why ?? undefined);
          if (why) return;
          void add({ uri: trimmed, ...(name.trim() ? { name: name.trim() } : {}) }).then((added) => {
            if (!added) return;
            setUri("");
            setName("");
          });
        }}
      >
        <label className="inline">
          URI
          <input
            value={uri}
            placeholder="file:///home/me/project"
            spellCheck={false}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? `${id}-problem` : undefined}
            onChange={(e) => setUri(e.target.value)}
          />
        </label>
        <label className="inline">
          Name (optional)
          <input value={name} onChange={(e) => setName(e.target.value)} />
        </label>
        <button type="submit" disabled={action.busy}>
          Add root
        </button>
        <button
          type="button"
          disabled={!folderPicker || action.busy}
          title={folderPicker ? "Pick a folder with the system's dialog" : "Not available in browser mode: type the folder's file:// URI"}
          onClick={() =>
            void action.run(async () => {
              const { root } = await bridge.chooseRootFolder({});
              if (root) await add(root);
            })
          }
        >
          Choose folder…
        </button>
      </form>
      {!folderPicker && <p className="note">Choose folder… works in the desktop app; in browser mode, type the folder's file:// URI.</p>}
      {problem && (
        <p className="field-error" id={`${id}-problem`} role="alert">
          {problem}
        </p>
      )}
      <ErrorAlert message={action.error} onDismiss={action.clearError} />
    </section>
  );
}
