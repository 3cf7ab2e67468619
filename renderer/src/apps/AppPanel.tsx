// The App of a run of an App tool (issue 20): its View, read by the core (AP3), in the sandbox proxy's frame
// on an origin of its own (AP4), answered by the official AppBridge (appConnection.ts), with a small panel
// beside it: the App's state, the CSP in force (AP5), what it asked of the user (AP9) and what was refused.
import { useEffect, useId, useMemo, useRef, useState } from "react";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import type { McpUiHostContext } from "@modelcontextprotocol/ext-apps/app-bridge";
import type { AppView } from "../../../shared/appView.js";
import { APP_PERMISSION_FEATURES, HOST_DISPLAY_MODES, type AppDisplayMode } from "../../../shared/apps.js";
import { usePictureInPicture, useSelectTab } from "../app/navigation.js";
import type { TabId } from "../app/tabs.js";
import { useBridge, useInspector } from "../app/context.js";
import { ErrorAlert } from "../components/ErrorAlert.js";
import { isOpenableUrl, openConfirmedUrl } from "../components/OpenLinkConfirm.js";
import { RevealedText } from "../components/RevealedText.js";
import { revealBidiControls } from "../util/bidi.js";
import { errorMessage } from "../util/errors.js";
import { AppConnection, MAX_FRAME_HEIGHT, MIN_FRAME_HEIGHT } from "./appConnection.js";
import { allowEvalInViews, allowPermissions, declaredPermissions, useAllowedPermissions, useEvalAllowedHere, withdrawEvalInViews, withdrawPermissions } from "./appPermissions.js";
import { REPORTS_KEPT, type ViewReport } from "./appReports.js";
import { saveDownload, type DownloadAsk } from "./appDownload.js";
import { currentTheme, hostStyles, watchTheme } from "./hostStyles.js";
import { MAX_LIVE_APPS, registerLiveApp, unregisterLiveApp, useEvicted } from "./liveApps.js";
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
  tab = "tools",
  floatKey,
  streamInput = false,
  hostContext: presented,
}: {
  sessionId: string;
  /** The App of this tool's run; or, for a preview from the Resources tab, a `ui://` URI. */
  toolName?: string;
  uri?: string;
  args: Record<string, unknown>;
  result?: CallToolResult | undefined;
  cancelled?: boolean;
  /** The tab this App is shown in (kept mounted while the App floats in picture-in-picture). */
  tab?: TabId;
  /** What this App belongs to, for the list that shows it to keep it while it floats (AP10). */
  floatKey?: string;
  /** AP16: send the input as it would stream (tool-input-partial first); Preview offers it. */
  streamInput?: boolean;
  /** Preview as another host: these host context fields over the inspector's own. */
  hostContext?: McpUiHostContext;
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
  const [download, setDownload] = useState<{ ask: DownloadAsk; answer(save: boolean): void }>();
  const frame = useRef<HTMLIFrameElement>(null);
  const connection = useRef<AppConnection | undefined>(undefined);
  // AP10: inline, or fullscreen / pip when the View asked for one it declared.
  const [mode, setMode] = useState<AppDisplayMode>("inline");
  const modeRef = useRef<AppDisplayMode>("inline");
  const pip = usePictureInPicture();
  const selectTab = useSelectTab();
  const [self] = useState(() => Symbol(label));
  const exitButton = useRef<HTMLButtonElement>(null);
  // AP6: permissions only as declared by the View and allowed by the user for this server entry.
  const server = useInspector((s) => s.sessions[sessionId]?.serverId) ?? sessionId;
  const allowed = useAllowedPermissions(server);
  const declared = useMemo(() => (view ? declaredPermissions(view.ui) : []), [view]);
  const granted = declared.filter((p) => allowed.has(p));
  const grantedKey = granted.join(",");
  const features = granted.map((p) => APP_PERMISSION_FEATURES[p]);
  // AP15: eval in Views, saved with the server entry (or, without one, kept for this run of the inspector).
  const serverId = useInspector((s) => s.sessions[sessionId]?.serverId);
  const saved = useInspector((s) => (serverId === undefined ? undefined : s.servers.find((x) => x.id === serverId)));
  const evalHere = useEvalAllowedHere(server);
  const evalAllowed = saved?.features.appsEval === true || evalHere;
  // AP13: the View's console errors, only when the user asks (a View may log a lot).
  const [consoleErrors, setConsoleErrors] = useState(false);
  const consoleId = useId();
  const frameKey = `${grantedKey}|${evalAllowed ? "eval" : ""}|${consoleErrors ? "console" : ""}`;
  const [reports, setReports] = useState<ViewReport[]>([]);
  const [reportCount, setReportCount] = useState(0);
  const [evalBlocked, setEvalBlocked] = useState(false);
  /** AP15: the View only tested whether eval is allowed: a fact, not an error. */
  const [evalProbed, setEvalProbed] = useState(false);
  const [evalError, setEvalError] = useState<string>();
  const setEval = async (allow: boolean) => {
    setEvalError(undefined);
    try {
      if (saved && !saved.builtIn) {
        const { id, builtIn: _builtIn, ...config } = saved;
        await bridge.saveServer({ id, server: { ...config, features: { ...config.features, appsEval: allow } } });
      }
      if (allow) allowEvalInViews(server);
      else withdrawEvalInViews(server);
    } catch (error) {
      setEvalError(errorMessage(error));
    }
  };

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
    // A new frame (first, or after the user allowed permissions or eval) starts inline, loading.
    setState({ kind: "loading" });
    setReports([]);
    setReportCount(0);
    setEvalBlocked(false);
    setEvalProbed(false);
    // What the previous frame said belongs to it (a reload after allowing eval starts clean).
    setModelContext(undefined);
    setMessages([]);
    setMode("inline");
    modeRef.current = "inline";
    const app = new AppConnection({
      bridge,
      sessionId,
      view,
      frame: element,
      hostContext: {
        ...(tool ? { toolInfo: { tool: tool as never } } : {}),
        theme: currentTheme(),
        // AP16: the page's theme under the ext-apps spec's variable names.
        styles: hostStyles(),
        displayMode: "inline",
        availableDisplayModes: [...HOST_DISPLAY_MODES],
        containerDimensions: { width: Math.round(element.getBoundingClientRect().width) || 600, maxHeight: MAX_FRAME_HEIGHT },
        locale: navigator.language,
        timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
        // The desktop app serves the sandbox on its own scheme; browser mode on a loopback port.
        platform: sandbox.startsWith("mcp-app:") ? "desktop" : "web",
        // Preview as another host would present it.
        ...presented,
      },
      granted: grantedKey ? (grantedKey.split(",") as typeof granted) : [],
      streamInput,
      events: {
        initialized: () => setState({ kind: "initialized" }),
        displayMode: setMode,
        ended: (reason) => setState({ kind: "ended", reason }),
        resized: setHeight,
        message: (text) => setMessages((m) => keep(m, text)),
        modelContext: setModelContext,
        refused: (what) => setRefused((r) => keep(r, what)),
        confirmDownload: (ask) => new Promise<boolean>((resolve) => setDownload({ ask, answer: resolve })),
        requestTeardown: () => void closeRef.current("The View asked to close (ui/notifications/request-teardown)"),
        report: (report) => {
          if (report.evalProbe) {
            setEvalProbed(true);
            return;
          }
          setReportCount((n) => n + 1);
          setReports((r) => [...r, report].slice(-REPORTS_KEPT));
          if (report.evalBlocked) setEvalBlocked(true);
        },
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
  }, [bridge, sessionId, view, sandbox, frameKey]);

  // AP10: the View hears every mode change (its own request, or the user leaving a mode) with its new size.
  useEffect(() => {
    if (modeRef.current === mode) return;
    modeRef.current = mode;
    connection.current?.setDisplayMode(mode, dimensionsOf(wrap.current, mode));
    if (mode === "fullscreen") exitButton.current?.focus();
  }, [mode]);
  // One View floats at a time: its tab stays mounted; another one floating sends this one inline.
  const live = state.kind === "initialized" || state.kind === "loading";
  const shownMode = live ? mode : "inline";
  const { set: setPip, release: releasePip, owner: pipOwner } = pip;
  useEffect(() => {
    setPip(self, shownMode === "pip" ? tab : undefined, floatKey);
  }, [shownMode, self, setPip, tab, floatKey]);
  useEffect(() => () => releasePip(self), [self, releasePip]);
  useEffect(() => {
    if (mode === "pip" && pipOwner !== undefined && pipOwner !== self) setMode("inline");
  }, [mode, pipOwner, self]);
  // Escape leaves full screen (the button says so too).
  useEffect(() => {
    if (mode !== "fullscreen") return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") setMode("inline");
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [mode]);

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
      const dimensions = dimensionsOf(element, modeRef.current);
      if (dimensions) connection.current?.hostContextChanged({ containerDimensions: dimensions });
    });
    observer.observe(element);
    // AP10/AP16: the theme (Settings or the system) with its style variables.
    const stopWatching = watchTheme((theme) => connection.current?.hostContextChanged({ theme, styles: hostStyles() }));
    return () => {
      observer.disconnect();
      stopWatching();
    };
  }, [state.kind]);

  // AP11: closing the App, or its session going away, tears the View down (bounded) before the frame goes.
  const close = async (why: string) => {
    const app = connection.current;
    if (!app) return;
    connection.current = undefined;
    setState({ kind: "closing" });
    setMode("inline");
    const answered = await app.dispose();
    setState({ kind: "closed", reason: `${why}; ${answered ? "the View answered ui/resource-teardown" : "the View did not answer ui/resource-teardown in time"}` });
  };
  const closeRef = useRef(close);
  closeRef.current = close;
  // AP14: a live App keeps its tab and its run mounted (out of sight) while the user looks elsewhere; it ends
  // only when closed, its run removed or re-run, its session ends, or the bound on live Apps closes it.
  const alive = state.kind === "reading" || state.kind === "loading" || state.kind === "initialized";
  useEffect(() => {
    if (!floatKey || !alive) return;
    registerLiveApp(floatKey, tab);
    return () => unregisterLiveApp(floatKey);
  }, [floatKey, tab, alive]);
  const evicted = useEvicted(floatKey);
  useEffect(() => {
    if (evicted) void closeRef.current(`Closed: more than ${MAX_LIVE_APPS} Apps were live, and the oldest closes first`);
  }, [evicted]);
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
  const presentedWidth = (presented?.containerDimensions as { width?: number } | undefined)?.width;
  const csp = evalAllowed ? (view?.cspWithEval ?? view?.csp) : view?.csp;
  const linkAsk = (
    <>
      {link && <LinkQuestion ask={link} done={() => setLink(undefined)} />}
      {download && <DownloadQuestion ask={download.ask} answer={download.answer} done={() => setDownload(undefined)} />}
    </>
  );
  return (
    <>
    {shownMode === "pip" && (
      <p className="note app-pip-note">
        The App of {label} floats in the corner of the window (picture in picture).
      </p>
    )}
    <section className={`app-panel mode-${shownMode}`} aria-label={`App of ${label}`}>
      {shownMode !== "inline" && (
        <div className="app-mode-bar" role="toolbar" aria-label={shownMode === "fullscreen" ? "App in full screen" : "App in picture in picture"}>
          <span className="app-mode-title">App of {label}</span>
          {shownMode === "fullscreen" ? (
            <>
              <button type="button" ref={exitButton} onClick={() => setMode("inline")} title="Back to inline (Escape)">
                Exit full screen
              </button>
              {/* A View that keeps asking for full screen can always be closed from here. */}
              <button type="button" className="secondary" onClick={() => void close("Closed by you")}>
                Close App
              </button>
            </>
          ) : (
            <>
              <button
                type="button"
                className="secondary"
                onClick={() => {
                  setMode("inline");
                  selectTab(tab);
                }}
              >
                Back to inline
              </button>
              <button type="button" className="secondary" onClick={() => void close("Closed by you")}>
                Close App
              </button>
            </>
          )}
        </div>
      )}
      {shownMode !== "inline" && linkAsk}
      <div className="app-frame-wrap" ref={wrap}>
        {state.kind === "failed" && <ErrorAlert message={`The App could not be shown: ${state.reason}`} />}
        {/* Above the frame: a View that resizes itself would move the button from under the pointer. */}
        {evalBlocked && !evalAllowed && (
          <div role="alert" className="alert error app-eval-blocked">
            <p>
              The View was blocked for eval: it ran code from a string (eval, new Function), which the CSP forbids unless you allow eval in
              Views for this server. Its code is in the errors beside. Allow it only for a server you trust.
            </p>
            <button type="button" onClick={() => void setEval(true)}>
              Allow eval for this server and reload the View
            </button>
          </div>
        )}
        {view && state.kind !== "ended" && state.kind !== "closed" && (
          <iframe
            key={frameKey}
            ref={frame}
            className={view.ui.prefersBorder === false ? "app-frame" : "app-frame bordered"}
            title={`MCP App of ${label}`}
            // AP4: the proxy runs on its own origin; the View inside it gets allow-scripts allow-forms only.
            sandbox="allow-scripts allow-same-origin"
            // AP6: only the permissions the user allowed (this frame's allow list bounds the View's inside it).
            {...(features.length > 0 ? { allow: features.join("; ") } : {})}
            src={`${sandbox}/proxy.html?host=${encodeURIComponent(location.origin)}&csp=${encodeURIComponent(JSON.stringify(view.ui.csp ?? {}))}${features.length > 0 ? `&allow=${features.join(",")}` : ""}${evalAllowed ? "&eval=1" : ""}${consoleErrors ? "&console=1" : ""}`}
            style={
              shownMode === "inline"
                ? {
                    height: Math.max(MIN_FRAME_HEIGHT, height),
                    // Preview as another host: the View gets the container width that host context names.
                    ...(presentedWidth ? { maxWidth: presentedWidth } : {}),
                  }
                : undefined
            }
          />
        )}
        {state.kind === "ended" && <ErrorAlert message={`The App stopped: ${state.reason}`} />}
        {state.kind === "closed" && <p className="note">App closed. {state.reason}.</p>}
      </div>
      <aside className="app-facts-panel" aria-label={`App state of ${label}`}>
        <dl className="app-facts">
          <dt>View</dt>
          <dd className="app-uri">{view?.uri ?? "…"}</dd>
          {view?.bytes !== undefined && (
            <>
              <dt>Size</dt>
              {/* AP17: the size beside the setting that bounds it. */}
              <dd>{viewSizeText(view.bytes)}</dd>
            </>
          )}
          <dt>State</dt>
          <dd role="status">{stateText(state)}</dd>
          <dt>Display</dt>
          <dd>{shownMode} · {height} px high</dd>
          <dt>Permissions</dt>
          <dd>{features.length > 0 ? features.join(", ") : "none"}</dd>
          <dt>Eval in Views</dt>
          <dd>
            {evalAllowed ? "allowed for this server ('unsafe-eval')" : "not allowed (the default)"}
            {!evalAllowed && evalProbed && !evalBlocked && "; the View only tested for it (an empty new Function)"}
          </dd>
        </dl>
        <div className="row">
          <button type="button" className="secondary" aria-pressed={evalAllowed} onClick={() => void setEval(!evalAllowed)}>
            {evalAllowed ? "Withdraw eval in Views" : "Allow eval in Views"}
          </button>
        </div>
        {evalError && <p className="alert error">{evalError}</p>}
        {(state.kind === "initialized" || state.kind === "loading") && (
          <button type="button" className="secondary" onClick={() => void close("Closed by you")}>
            Close App
          </button>
        )}
        {csp && (
          <details>
            <summary>CSP in force</summary>
            <code className="app-csp">{csp}</code>
            {view?.cspNotes.map((n, i) => (
              <p key={i} className="note">
                {n}
              </p>
            ))}
          </details>
        )}
        {declared.length > 0 && (
          <PermissionsQuestion
            declared={declared.map((p) => APP_PERMISSION_FEATURES[p])}
            granted={features}
            allow={() => allowPermissions(server, declared)}
            withdraw={() => withdrawPermissions(server)}
          />
        )}
        {shownMode === "inline" && linkAsk}
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
        <div className="checkbox-field">
          <input id={consoleId} type="checkbox" checked={consoleErrors} onChange={(e) => setConsoleErrors(e.target.checked)} />
          <label htmlFor={consoleId}>Show the View's console errors (reloads the View)</label>
        </div>
        {reportCount > 0 && (
          <div>
            <h4>
              Errors ({reportCount}
              {reportCount > reports.length ? `, the latest ${reports.length} shown` : ""})
            </h4>
            <ul className="app-messages app-reports" aria-label={`Errors reported for the App of ${label}`}>
              {reports.map((r, i) => (
                <li key={i} className={`app-report by-${r.by}`}>
                  <span className="app-report-by">{r.by === "sandbox" ? "reported by the sandbox" : "reported by the View"}</span> {r.text}
                  {r.last && <em> (the sandbox passes on no more for this View)</em>}
                </li>
              ))}
            </ul>
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
    </>
  );
}

/** AP17: "4.1 MB (4,336,789 bytes)". */
export function viewSizeText(bytes: number): string {
  const size = bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${(bytes / 1024).toFixed(1)} KB`;
  return `${size} (${bytes.toLocaleString("en-US")} bytes; the largest rendered is "Largest App View" in Settings)`;
}

/** AP10: what the View is told of its container in each mode. */
function dimensionsOf(element: HTMLElement | null, mode: AppDisplayMode) {
  const rect = element?.getBoundingClientRect();
  const width = Math.round(rect?.width ?? 0);
  if (width === 0) return undefined;
  return mode === "inline" ? { width, maxHeight: MAX_FRAME_HEIGHT } : { width, height: Math.round(rect?.height ?? 0) };
}

/** AP6: the permissions the View declared, none allowed until the user says so for this server. */
function PermissionsQuestion({ declared, granted, allow, withdraw }: { declared: string[]; granted: string[]; allow(): void; withdraw(): void }) {
  const all = declared.every((p) => granted.includes(p));
  return (
    <div role="group" aria-label="Permissions the App asks for" className="app-permissions">
      <h4>Permissions</h4>
      <p>
        The View asks for {declared.join(", ")}. {granted.length > 0 ? `Allowed for this server until you quit: ${granted.join(", ")}.` : "None is allowed."}
      </p>
      <div className="row">
        {!all && (
          <button type="button" onClick={allow}>
            Allow for this server
          </button>
        )}
        {granted.length > 0 && (
          <button type="button" className="secondary" onClick={withdraw}>
            Withdraw
          </button>
        )}
      </div>
      <p className="note">Allowing or withdrawing reloads the App.</p>
    </div>
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

/** AP16: `ui/download-file` saves only after the user says so, under the safe name shown. */
function DownloadQuestion({ ask, answer, done }: { ask: DownloadAsk; answer(save: boolean): void; done(): void }) {
  const reply = (save: boolean) => {
    if (save) saveDownload(ask);
    answer(save);
    done();
  };
  return (
    <div role="alertdialog" aria-label="The App asks to save a file" className="confirm">
      <p>
        The App asks to save a file ({ask.mimeType}, {ask.bytes.toLocaleString("en-US")} bytes) as:
      </p>
      <code className="url-text">{ask.name}</code>
      <div className="row">
        <button type="button" onClick={() => reply(true)}>
          Save file
        </button>
        <button type="button" autoFocus onClick={() => reply(false)}>
          Don't save
        </button>
      </div>
    </div>
  );
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
