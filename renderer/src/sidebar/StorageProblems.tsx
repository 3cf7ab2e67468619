// Saved servers or settings that could not be loaded as they were: which file, what was wrong, and
// where the original is kept. Shown until the user dismisses it; nothing was dropped silently.
import type { StorageProblem } from "../../../shared/types.js";
import { useInspector, useInspectorStore } from "../hooks/context.js";

const NONE: StorageProblem[] = [];

export function StorageProblems() {
  // A constant when there is none: a fresh [] each time would make the store look changed forever.
  const problems = useInspector((s) => s.storage?.problems ?? NONE);
  const store = useInspectorStore();
  if (problems.length === 0) return null;
  return (
    <div className="alert error storage-problems" role="alert" aria-label="Problems loading saved data">
      {problems.map((p, i) => (
        <p key={i}>
          <strong>{p.file}</strong> could not be loaded as it was: {p.problem}.{" "}
          {p.backup ? <>The original is kept in <code>{p.backup}</code>.</> : null} Everything valid was loaded.
        </p>
      ))}
      <button type="button" onClick={() => store.getState().dismissStorageProblems()}>
        Dismiss
      </button>
    </div>
  );
}

/** One line on how secrets are kept, where a server's env and headers are edited. */
export function SecretsNote() {
  const secrets = useInspector((s) => s.storage?.secrets);
  if (!secrets) return null;
  return <p className={secrets.encrypted ? "note" : "note warning"}>{secrets.description}</p>;
}
