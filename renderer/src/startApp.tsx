// The app itself: picks the real bridge (preload or WebSocket), the only module that does; everything below
// receives it through context. main.tsx starts it once the first frame is painted.
import { StrictMode } from "react";
import { flushSync } from "react-dom";
import { createRoot } from "react-dom/client";
import { getBridge, NoTokenError, onBridgeConnection } from "./api/bridge";
import { App } from "./app/App.js";
import { NoAccess } from "./app/NoAccess.js";

/** Draws the app into `container`, in place of the first frame it holds. */
export function startApp(container: HTMLElement): void {
  const root = createRoot(container);
  try {
    const bridge = getBridge();
    // The first render in this task, not in one the scheduler posts: while the page loads, Chromium runs its
    // own work before that task, and painted the window later (about 35 ms at the p50 here, see scenario 6).
    flushSync(() =>
      root.render(
        <StrictMode>
          <App bridge={bridge} onBridgeConnection={onBridgeConnection} />
        </StrictMode>,
      ),
    );
  } catch (error) {
    if (error instanceof NoTokenError) root.render(<NoAccess />);
    // No bridge (for example a browser-mode URL without its token): say so as text, nothing else.
    else root.render(
      <main className="fatal" role="alert">
        <h1>MCP Task Inspector cannot start</h1>
        <p>{error instanceof Error ? error.message : String(error)}</p>
      </main>,
    );
  }
}
