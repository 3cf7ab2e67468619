// Import a Claude Desktop / VS Code style `{ "mcpServers": { … } }` document; main parses it.
import { useId, useState } from "react";
import { useBridge } from "../hooks/context.js";
import { ErrorAlert } from "../components/ErrorAlert.js";
import { useAsyncAction } from "../components/useAsyncAction.js";

export function ImportServers({ onDone }: { onDone(): void }) {
  const bridge = useBridge();
  const id = useId();
  const [json, setJson] = useState("");
  const [imported, setImported] = useState<string>();
  const action = useAsyncAction();
  return (
    <form
      className="import-servers"
      aria-label="Import servers"
      onSubmit={(e) => {
        e.preventDefault();
        void action.run(async () => {
          const outcome = await bridge.importServers({ json });
          const names = outcome.added.slice(0, 20).map((s) => s.name).join(", ");
          const more = outcome.added.length > 20 ? `, and ${outcome.added.length - 20} more` : "";
          setImported(outcome.added.length ? `${outcome.message} Added: ${names}${more}.` : outcome.message);
          setJson("");
        });
      }}
    >
      <h3 className="form-title">Import servers</h3>
      <div className="field">
        <label htmlFor={id}>mcpServers JSON</label>
        <textarea
          id={id}
          // Opened by the user's own press: the caret goes where the document is pasted.
          autoFocus
          rows={6}
          spellCheck={false}
          placeholder={'{ "mcpServers": { "name": { "command": "npx", "args": ["…"] } } }'}
          value={json}
          onChange={(e) => setJson(e.target.value)}
        />
      </div>
      <ErrorAlert message={action.error} onDismiss={action.clearError} />
      {imported && (
        <p role="status" className="note">
          {imported}
        </p>
      )}
      <div className="row">
        <button type="submit" disabled={action.busy || !json.trim()}>
          Import
        </button>
        <button type="button" onClick={onDone}>
          Close import
        </button>
      </div>
    </form>
  );
}
