// "Edit as JSON": a CodeMirror editor loaded on first use (a dynamic import, so the first tab's bundle
// does not grow). Until it has loaded, and if it fails to load, a plain textarea holds the same text, so
// nothing typed depends on the editor being there.
import { useEffect, useRef, useState } from "react";
import type { JsonEditorHandle } from "./jsonEditorView.js";

type EditorModule = typeof import("./jsonEditorView.js");
let loading: Promise<EditorModule> | undefined;

function loadEditor(): Promise<EditorModule> {
  loading ??= import("./jsonEditorView.js");
  return loading;
}

export function JsonEditor({ id, label, text, schema, onChange, describedBy }: { id: string; label: string; text: string; schema: unknown; onChange(text: string): void; describedBy?: string }) {
  const host = useRef<HTMLDivElement>(null);
  const [module, setModule] = useState<EditorModule>();
  const [failed, setFailed] = useState<string>();
  // The editor owns its text once mounted; the latest callback is read through a ref.
  const change = useRef(onChange);
  change.current = onChange;
  const initial = useRef(text);

  useEffect(() => {
    let live = true;
    loadEditor().then(
      (m) => live && setModule(m),
      (error: unknown) => live && setFailed(error instanceof Error ? error.message : String(error)),
    );
    return () => {
      live = false;
    };
  }, []);

  useEffect(() => {
    if (!module || !host.current) return;
    const handle: JsonEditorHandle = module.createJsonEditor(host.current, {
      doc: initial.current,
      label,
      schema,
      onChange: (t) => {
        initial.current = t;
        change.current(t);
      },
      ...(describedBy ? { describedBy } : {}),
    });
    return () => handle.destroy();
  }, [module, label, schema, describedBy]);

  if (!module) {
    return (
      <div className="json-editor">
        {failed && <p className="field-error">The JSON editor could not load ({failed}); a plain text box holds the JSON instead.</p>}
        <textarea
          id={id}
          aria-label={label}
          aria-describedby={describedBy}
          rows={10}
          spellCheck={false}
          value={text}
          onChange={(e) => {
            initial.current = e.target.value;
            onChange(e.target.value);
          }}
        />
      </div>
    );
  }
  return <div className="json-editor" id={id} ref={host} data-testid="json-editor" />;
}
