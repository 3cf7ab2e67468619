// The App of a run of an App tool (issue 20): its View, read by the core (AP3), in the sandbox proxy's frame
// on an origin of its own (AP4), answered by the official AppBridge (appConnection.ts), with a small panel
// beside it: the App's state, the CSP in force (AP5), what it asked of the user (AP9) and what was refused.
import { useEffect, useRef, useState } from "react";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import type { AppView } from "../../../shared/appView.js";
import { useBridge, useInspector } from "../app/context.js";
import { ErrorAlert } from "../components/ErrorAlert.js";
import { isOpenableUrl, openConfirmedUrl } from "../components/OpenLinkConfirm.js";
import { RevealedText } from "../components/RevealedText.js";
import { revealBidiControls } from "../util/bidi.js";
import { errorMessage } from "../util/errors.js";
import { AppConnection, MAX_FRAME_HEIGHT, MIN_FRAME_HEIGHT } from "./appConnection.js";
import "../styles/apps.css";

type AppState =
  | { kind: "reading" }
  | { kind: "failed"; reason: string }
  | { kind: "loading" }
  | { kind: "initialized" }
  | { kind: "ended"; reason: string }
  | { kind: "closing" }
  | { kind: "closed"; reason: string };

interface LinkAsk {
  url: string;
  answer(open: boolean): void;
}

const MESSAGES_KEPT = 50;

export function AppPanel({
  sessionId,
  toolName,
  uri,
  args,
  result,
  cancelled,
}: {
  sessionId: string;
  /** The App of this tool's run; or, for a preview from the Resources tab, a `ui://` URI. */
  toolName?: string;
  uri?: string;
  args: Record<string, unknown>;
  result?: CallToolResult | undefined;
  cancelled?: boolean;
}) {
  const label = toolName ?? uri ?? "";
  const bridge = useBridge();
  const sandbox = useInspector((s) => s.host.appSandbox);
  const tool = useInspector((s) => s.toolsBySession[sessionId]?.tools.find((t) => t.name === toolName));
  const [view, setView] = useState<AppView>();
  const [state, setState] = useState<AppState>({ kind: "reading" });
  const [height, setHeight] = useState(240);
  const [messages, setMessages] = useState<string[]>([]);
  const [modelContext, setModelContext] = useState<string>();
  const [refused, setRefused] = useState<string[]>([]);
  const [link, setLink] = useState<LinkAsk>();
  const frame = useRef<HTMLIFrameElement>(null);
  const connection = useRef<AppConnection | undefined>(undefined);

  // AP3: the View, read on this session by the core.
  useEffect(() => {
    // Without a sandbox origin (the desktop app, for now) the View is not even read.
    if (!sandbox) return;
    let live = true;
    bridge
      .readAppView({ sessionId, ...(toolName !== undefined ? { toolName } : { uri: uri ?? "" }) })
      .then((v) => live && (setView(v), setState({ kind: "loading" })))
      .catch((error) => live && setState({ kind: "failed", reason: errorMessage(error) }));
    return () => {
      live = false;
    };
  }, [bridge, sessionId, toolName, uri, sandbox]);

  // The bridge lives as long as the frame.
  useEffect(() => {
    const element = frame.current;
    if (!view || !element || !sandbox) return;
    const keep = <T,>(list: T[], item: T) => [...list, item].slice(-MESSAGES_KEPT);
    const app = new AppConnection({
      bridge,
      sessionId,
      view,
      frame: element,
      hostContext: {
        ...(tool ? { toolInfo: { tool: tool as never } } : {}),
        theme: window.matchMedia?.("(prefers-color-scheme: dark)").matches ? "dark" : "light",
        displayMode: "inline",
        availableDisplayModes: ["inline"],
        containerDimensions: { width: Math.round(element.getBoundingClientRect().width) || 600, maxHeight: MAX_FRAME_HEIGHT },
        locale: navigator.language,
        timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
        // The desktop app serves the sandbox on its own scheme; browser mode on a loopback port.
        platform: sandbox.startsWith("mcp-app:") ? "desktop" : "web",
      },
      events: {
        initialized: () => setState({ kind: "initialized" }),
        ended: (reason) => setState({ kind: "ended", reason }),
        resized: setHeight,
        message: (text) => setMessages((m) => keep(m, text)),
        modelContext: setModelContext,
        refused: (what) => setRefused((r) => keep(r, what)),
        confirmLink: (url) =>
          new Promise<boolean>((resolve) => {
            if (!isOpenableUrl(url)) {
              setRefused((r) => keep(r, `ui/open-link ${url.slice(0, 200)}: only http(s) links open`));
              resolve(false);
              return;
            }
            setLink({ url, answer: resolve });
          }),
      },
    });
    app.setToolInput(args);
    connection.current = app;
    app.connect().catch((error) => app.end(`The bridge could not start: ${errorMessage(error)}`));
    return () => {
      connection.current = undefined;
      void app.dispose();
    };
    // The arguments and tool are the run's: fixed for this View.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [bridge, sessionId, view, sandbox]);

  // AP10: host-context-changed when the container's width or the theme changes.
  const wrap = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = wrap.current;
    if (!element || state.kind !== "initialized") return;
    let width = Math.round(element.getBoundingClientRect().width);
    const observer = new ResizeObserver(() => {
      const now = Math.round(element.getBoundingClientRect().width);
      if (now === width || now === 0) return;
      width = now;
      connection.current?.hostContextChanged({ containerDimensions: { width: now, maxHeight: MAX_FRAME_HEIGHT } });
    });
    observer.observe(element);
    const dark = window.matchMedia?.("(prefers-color-scheme: dark)");
    const onTheme = () => connection.current?.hostContextChanged({ theme: dark?.matches ? "dark" : "light" });
    dark?.addEventListener("change", onTheme);
    return () => {
      observer.disconnect();
      dark?.removeEventListener("change", onTheme);
    };
  }, [state.kind]);

  // AP11: closing the App, or its session going away, tears the View down (bounded) before the frame goes.
  const close = async (why: string) => {
    const app = connection.current;
    if (!app) return;
    connection.current = undefined;
    setState({ kind: "closing" });
    const answered = await app.dispose();
    setState({ kind: "closed", reason: `${why}; ${answered ? "the View answered ui/resource-teardown" : "the View did not answer ui/resource-teardown in time"}` });
  };
  const sessionState = useInspector((s) => s.sessions[sessionId]?.state);
  useEffect(() => {
    if (sessionState !== undefined && sessionState !== "connected") void close(`The session is ${sessionState}`);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [sessionState]);

  useEffect(() => {
    if (result) connection.current?.setToolResult(result as Record<string, unknown>);
  }, [result, state.kind]);
  useEffect(() => {
    if (cancelled) connection.current?.cancelled("The user cancelled the run");
  }, [cancelled, state.kind]);

  if (!sandbox) return <p className="note app-note">This tool has an MCP App, but this host has no sandbox to render Apps in.</p>;
  const csp = view?.csp;
  return (
    <section className="app-panel" aria-label={`App of ${label}`}>
      <div className="app-frame-wrap" ref={wrap}>
        {state.kind === "failed" && <ErrorAlert message={`The App could not be shown: ${state.reason}`} />}
        {view && state.kind !== "ended" && state.kind !== "closed" && (
          <iframe
            ref={frame}
            className={view.ui.prefersBorder === false ? "app-frame" : "app-frame bordered"}
            title={`MCP App of ${label}`}
            // AP4: the proxy runs on its own origin; the View inside it gets allow-scripts allow-forms only.
            sandbox="allow-scripts allow-same-origin"
            src={`${sandbox}/proxy.html?host=${encodeURIComponent(location.origin)}&csp=${encodeURIComponent(JSON.stringify(view.ui.csp ?? {}))}`}
            style={{ height: Math.max(MIN_FRAME_HEIGHT, height) }}
          />
        )}
        {state.kind === "ended" && <ErrorAlert message={`The App stopped: ${state.reason}`} />}
        {state.kind === "closed" && <p className="note">App closed. {state.reason}.</p>}
      </div>
      <aside className="app-facts-panel" aria-label={`App state of ${label}`}>
        <dl className="app-facts">
          <dt>View</dt>
          <dd className="app-uri">{view?.uri ?? "…"}</dd>
          <dt>State</dt>
          <dd role="status">{stateText(state)}</dd>
          <dt>Display</dt>
          <dd>inline · {height} px high</dd>
        </dl>
        {(state.kind === "initialized" || state.kind === "loading") && (
          <button type="button" className="secondary" onClick={() => void close("Closed by you")}>
            Close App
          </button>
        )}
        {csp && (
          <details>
            <summary>CSP in force</summary>
            <code className="app-csp">{csp}</code>
            {view.cspNotes.map((n, i) => (
              <p key={i} className="note">
                {n}
              </p>
            ))}
          </details>
        )}
        {link && <LinkQuestion ask={link} done={() => setLink(undefined)} />}
        {messages.length > 0 && (
          <div>
            <h4>Messages from the App (ui/message)</h4>
            <ul className="app-messages">
              {messages.map((m, i) => (
                <li key={i}>{m}</li>
              ))}
            </ul>
          </div>
        )}
        {modelContext !== undefined && (
          <div>
            <h4>Model context (latest ui/update-model-context)</h4>
            <p className="app-context">{modelContext}</p>
          </div>
        )}
        {refused.length > 0 && (
          <div>
            <h4>Refused</h4>
            <ul className="app-messages">
              {refused.map((r, i) => (
                <li key={i}>{r}</li>
              ))}
            </ul>
          </div>
        )}
      </aside>
    </section>
  );
}

function stateText(state: AppState): string {
  switch (state.kind) {
    case "reading":
      return "reading the View…";
    case "loading":
      return "loading; waiting for ui/initialize";
    case "initialized":
      return "initialized";
    case "failed":
      return "failed";
    case "ended":
      return "stopped";
    case "closing":
      return "closing (ui/resource-teardown sent)";
    case "closed":
      return "closed";
  }
}

/** AP9: `ui/open-link` goes through the same confirmation as every link a server sends. */
function LinkQuestion({ ask, done }: { ask: LinkAsk; done(): void }) {
  const bridge = useBridge();
  const [error, setError] = useState<string>();
  const segments = revealBidiControls(ask.url);
  const answer = (open: boolean) => {
    ask.answer(open);
    if (open) openConfirmedUrl(bridge, ask.url).catch((e) => setError(errorMessage(e)));
    done();
  };
  return (
    <div role="alertdialog" aria-label="The App asks to open a link" className="confirm">
      <p>The App asks to open this link in your browser. Check it before you continue.</p>
      <code className="url-text">
        <RevealedText segments={segments} />
      </code>
      <div className="row">
        <button type="button" onClick={() => answer(true)}>
          Open link
        </button>
        <button type="button" autoFocus onClick={() => answer(false)}>
          Don't open
        </button>
      </div>
      {error && <p className="alert error">{error}</p>}
    </div>
  );
}
