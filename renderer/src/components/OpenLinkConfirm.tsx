// Links a server sends are data: shown as text, opened only after the user confirms, only http(s).
// Shown with any invisible bidi control characters made visible (⟨U+202E⟩…), and the confirmation
// warns about them; what is opened is still exactly the server's URL.
// Electron opens them through the contract (shell.openExternal in main); where that is refused
// (browser mode), the page opens a new tab itself, after the same confirmation.
import { useId, useMemo, useState } from "react";
import type { InspectorBridge } from "../../../shared/contract.js";
import { revealBidiControls } from "../util/bidi.js";
import { errorMessage } from "../util/errors.js";
import { RevealedText } from "./RevealedText.js";

export function isOpenableUrl(url: string): boolean {
  try {
    const parsed = new URL(url);
    return parsed.protocol === "http:" || parsed.protocol === "https:";
  } catch {
    return false;
  }
}

export async function openConfirmedUrl(bridge: InspectorBridge, url: string): Promise<void> {
  if (!isOpenableUrl(url)) throw new Error("Only http(s) links can be opened");
  try {
    await bridge.openExternal({ url }); // eng-disable OPEN_EXTERNAL_JS_CHECK: reviewed: the contract call; main re-checks the scheme and asks the user before opening
  } catch {
    const opened = window.open(url, "_blank", "noopener,noreferrer");
    // With noopener, window.open returns null even on success, so there is nothing more to check.
    void opened;
  }
}

export function OpenLink({ bridge, url }: { bridge: InspectorBridge; url: string }) {
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string>();
  const openable = isOpenableUrl(url);
  const segments = useMemo(() => revealBidiControls(url), [url]);
  const markers = [...new Set(segments.flatMap((s) => (s.kind === "control" ? [s.marker] : [])))];
  const suspicious = markers.length > 0;
  const id = useId();
  return (
    <div className="open-link">
      <code className="url-text">
        <RevealedText segments={segments} />
      </code>
      {!openable && <p className="note">This is not an http(s) link, so it cannot be opened from here.</p>}
      {openable && !confirming && (
        <button type="button" onClick={() => setConfirming(true)}>
          Open URL…
        </button>
      )}
      {confirming && (
        <div role="alertdialog" aria-label="Open this link?" aria-describedby={suspicious ? `${id}-ask ${id}-warning` : `${id}-ask`} className="confirm">
          <p id={`${id}-ask`}>
            Open this link in your browser? It comes from the server: check it before you continue.
          </p>
          <code className="url-text">
            <RevealedText segments={segments} />
          </code>
          {suspicious && (
            <p className="bidi-warning" id={`${id}-warning`}>
              This link contains invisible text-direction characters, shown as {markers.join(", ")}: they can make a link look like it goes somewhere else.
            </p>
          )}
          <div className="row">
            <button
              type="button"
              // A link with hidden direction characters starts on "Don't open": Enter does not open it.
              autoFocus={!suspicious}
              onClick={() => {
                setConfirming(false);
                openConfirmedUrl(bridge, url).catch((e) => setError(errorMessage(e)));
              }}
            >
              Open link
            </button>
            <button type="button" autoFocus={suspicious} onClick={() => setConfirming(false)}>
              Don't open
            </button>
          </div>
        </div>
      )}
      {error && (
        <p role="alert" className="alert error">
          {error}
        </p>
      )}
    </div>
  );
}
