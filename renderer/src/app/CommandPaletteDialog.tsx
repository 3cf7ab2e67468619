// The command palette's dialog (its own chunk: loaded the first time the palette opens). Everything the workspace does, by name, from the keyboard. It only
// moves the user to where a thing is done (a tab, a tool's form, the oldest waiting request) or does the
// one safe step (connect, disconnect, restart, edit, duplicate, diagnose, a theme); it never answers a server or runs a tool by itself.
import * as Dialog from "@radix-ui/react-dialog";
import { Command } from "cmdk";
import { Fragment, useMemo, useRef, useState } from "react";
import type { PendingInput, SavedServer, ThemeSource } from "../../../shared/types.js";
import { configOf } from "../sidebar/configText.js";
import { EDIT_REQUEST_KEY, type EditRequest } from "../sidebar/editRequest.js";
import { DiagnoseNow } from "../tabs/doctor/DoctorDialog.js";
import { connectEntry, restartEntry, restartWord } from "../sidebar/serverSession.js";
import { sessionForServer } from "../store/sessionsSlice.js";
import { draftKeys } from "../store/draftsSlice.js";
import { useBridge, useInspector, useInspectorStore } from "./context.js";
import { TAB_IDS, TAB_LABELS, type TabId } from "./tabs.js";
import { oldestFirst } from "./WaitingOnYou.js";
import { focusBack, focusedElement } from "../components/focusReturn.js";
import { ServerName } from "../components/ServerName.js";

/** A server's words in a menu item: cut, so a 1 MB name costs nothing. */
const short = (text: string, max = 80) => (text.length > max ? `${text.slice(0, max)}…` : text);

/**
 * Focus the element `find` returns once it is on the page (a tab's chunk may still be loading), or give
 * up after a few seconds: the palette has already taken the user to the right tab.
 */
export function focusWhenShown(find: () => HTMLElement | null | undefined, waitMs = 3000): void {
  const now = find();
  if (now) {
    now.focus();
    return;
  }
  const observer = new MutationObserver(() => {
    const found = find();
    if (!found) return;
    observer.disconnect();
    clearTimeout(timer);
    found.focus();
  });
  const timer = setTimeout(() => observer.disconnect(), waitMs);
  observer.observe(document.body, { childList: true, subtree: true });
}

const buttonNamed = (text: string | RegExp) => () =>
  [...document.querySelectorAll<HTMLButtonElement>("button")].find((b) => (typeof text === "string" ? b.textContent?.trim() === text : text.test(b.textContent?.trim() ?? "")));

export function CommandPaletteDialog({
  open,
  setOpen,
  onTab,
  onAnswer,
}: {
  open: boolean;
  setOpen(open: boolean): void;
  onTab(tab: TabId): void;
  onAnswer(input: PendingInput): void;
}) {
  const bridge = useBridge();
  const store = useInspectorStore();
  const servers = useInspector((s) => s.servers);
  const sessions = useInspector((s) => s.sessions);
  const sessionOrder = useInspector((s) => s.sessionOrder);
  const serverSessions = useInspector((s) => s.serverSessions);
  const pending = useInspector((s) => s.pendingInputs);
  const selectedSessionId = useInspector((s) => s.selectedSessionId);
  const tools = useInspector((s) => (selectedSessionId ? s.toolsBySession[selectedSessionId]?.tools : undefined));
  /** The Checks tab, on its checks or its Load pane (kept per session, as the tab keeps it). */
  const checksPane = (pane: "checks" | "load") => {
    if (selectedSessionId) store.getState().setDraft(draftKeys.view("checks", "pane", selectedSessionId), pane);
    onTab("checks");
  };
  const [problem, setProblem] = useState<string>();
  const [diagnosing, setDiagnosing] = useState<SavedServer>();
  // Where focus goes after the palette closes: set by a command that leads somewhere.
  const afterClose = useRef<(() => void) | undefined>(undefined);
  const openedFrom = useRef<HTMLElement | null>(null);

  const oldest = useMemo(() => oldestFirst(pending)[0], [pending]);

  const run = (command: () => void | Promise<unknown>, focus?: () => void) => {
    setProblem(undefined);
    afterClose.current = focus;
    setOpen(false);
    void Promise.resolve()
      .then(command)
      .catch((error: unknown) => setProblem(error instanceof Error ? error.message : String(error)));
  };

  const bind = (serverId: string, sessionId: string) => store.getState().bindServerSession(serverId, sessionId);

  const setTheme = (theme: ThemeSource) => run(() => bridge.updateSettings({ theme }));

  return (
    <>
      <Dialog.Root open={open} onOpenChange={setOpen}>
        <Dialog.Portal>
          <Dialog.Overlay className="palette-overlay" />
          <Dialog.Content
            className="palette"
            aria-describedby={undefined}
            onOpenAutoFocus={() => {
              openedFrom.current = focusedElement();
            }}
            onCloseAutoFocus={(e) => {
              const focus = afterClose.current;
              afterClose.current = undefined;
              e.preventDefault();
              // Where the command leads, or back to where the user was (not the Commands button).
              if (focus) focus();
              else focusBack(openedFrom.current);
            }}
          >
            <Dialog.Title className="visually-hidden">Command palette</Dialog.Title>
            <Command label="Commands" loop>
              <Command.Input placeholder="Type a command, a tab, a tool or a server…" aria-label="Command" />
              <Command.List>
                <Command.Empty>No command matches.</Command.Empty>
                {oldest && (
                  <Command.Group heading="Waiting on you">
                    <Command.Item value="answer the oldest waiting request" onSelect={() => run(() => onAnswer(oldest))}>
                      Answer the oldest waiting request ({oldest.kind} from {short(oldest.serverName, 40)})
                    </Command.Item>
                  </Command.Group>
                )}
                <Command.Group heading="Tabs">
                  {TAB_IDS.map((id) => (
                    <Command.Item key={id} value={`open ${TAB_LABELS[id]} tab`} onSelect={() => run(() => onTab(id))}>
                      Open {TAB_LABELS[id]}
                    </Command.Item>
                  ))}
                </Command.Group>
                <Command.Group heading="Servers">
                  {servers.map((server) => {
                    const session = sessionForServer({ sessions, sessionOrder, serverSessions }, server);
                    const live = session?.state === "connected" || session?.state === "connecting";
                    // Edit… and Duplicate… open the sidebar's editor (shown if hidden), its name field focused.
                    const editor = (as: EditRequest["as"]) => () =>
                      run(
                        () => store.getState().setDraft(EDIT_REQUEST_KEY, { serverId: server.id, as } satisfies EditRequest),
                        () => focusWhenShown(() => document.querySelector<HTMLElement>('aside[aria-label="Servers"] form input')),
                      );
                    const manage = (
                      <>
                        {!server.builtIn && (
                          <Command.Item value={`edit ${short(server.name)} ${server.id}`} onSelect={editor("edit")}>
                            Edit {short(server.name)}…
                          </Command.Item>
                        )}
                        <Command.Item value={`duplicate ${short(server.name)} ${server.id}`} onSelect={editor("duplicate")}>
                          Duplicate {short(server.name)}…
                        </Command.Item>
                        {/* The doctor's dialog once the palette has closed; closed, it gives the focus back to where the user was. */}
                        <Command.Item value={`diagnose ${short(server.name)} ${server.id}`} onSelect={() => run(() => setDiagnosing(server), () => {})}>
                          Diagnose {short(server.name)}…
                        </Command.Item>
                      </>
                    );
                    if (!live || !session) {
                      return (
                        <Fragment key={server.id}>
                          <Command.Item value={`connect ${short(server.name)} ${server.id}`} onSelect={() => run(() => connectEntry(bridge, server, bind))}>
                            Connect {short(server.name)}
                          </Command.Item>
                          {manage}
                        </Fragment>
                      );
                    }
                    const again = restartWord(server);
                    return (
                      <Fragment key={server.id}>
                        <Command.Item value={`disconnect ${short(server.name)} ${server.id}`} onSelect={() => run(() => bridge.disconnect({ sessionId: session.sessionId }))}>
                          Disconnect {short(server.name)}
                        </Command.Item>
                        <Command.Item value={`${again.toLowerCase()} ${short(server.name)} ${server.id}`} onSelect={() => run(() => restartEntry(bridge, server, session.sessionId, bind))}>
                          {again} {short(server.name)}
                        </Command.Item>
                        {manage}
                      </Fragment>
                    );
                  })}
                </Command.Group>
                {selectedSessionId && tools && tools.length > 0 && (
                  <Command.Group heading="Tools">
                    {tools.slice(0, 500).map((tool) => (
                      <Command.Item
                        key={tool.name}
                        value={`run tool ${short(tool.name, 200)}`}
                        // Named as written: the shown name's markers (⟨U+202E⟩) are for the eye.
                        aria-label={`Run tool ${short(tool.name)}…`}
                        onSelect={() =>
                          run(
                            () => {
                              store.getState().selectTool(selectedSessionId, tool.name);
                              onTab("tools");
                            },
                            // The tool's form opens; its first field (or Run) takes the focus.
                            () => focusWhenShown(() => document.querySelector<HTMLElement>(`form[aria-label="Arguments for ${CSS.escape(tool.name)}"] :is(input, textarea, select, button)`)),
                          )
                        }
                      >
                        Run tool <ServerName text={short(tool.name)} />…
                      </Command.Item>
                    ))}
                  </Command.Group>
                )}
                <Command.Group heading="Recordings and checks">
                  <Command.Item value="open a recording" onSelect={() => run(() => onTab("logs"), () => focusWhenShown(buttonNamed("Open recording…")))}>
                    Open a recording…
                  </Command.Item>
                  <Command.Item value="run the checks" onSelect={() => run(() => checksPane("checks"), () => focusWhenShown(buttonNamed(/^Run (all checks|.+ checks|the conformance suite)$/)))}>
                    Run the checks…
                  </Command.Item>
                  <Command.Item value="load a tool" onSelect={() => run(() => checksPane("load"), () => focusWhenShown(() => document.querySelector<HTMLElement>('section[aria-label="Load"] select')))}>
                    Load a tool…
                  </Command.Item>
                </Command.Group>
                <Command.Group heading="Theme">
                  {(["system", "light", "dark"] as const).map((theme) => (
                    <Command.Item key={theme} value={`theme ${theme}`} onSelect={() => setTheme(theme)}>
                      Theme: {theme === "system" ? "follow the system" : theme}
                    </Command.Item>
                  ))}
                </Command.Group>
              </Command.List>
            </Command>
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
      {diagnosing && <DiagnoseNow key={diagnosing.id} target={{ server: configOf(diagnosing), serverName: diagnosing.name, savedId: diagnosing.builtIn ? undefined : diagnosing.id }} opener={openedFrom} onClosed={() => setDiagnosing(undefined)} />}
      {problem && (
        <div className="alert error palette-problem" role="alert">
          <span className="alert-text">{problem}</span>
          <button type="button" className="link" aria-label="Dismiss" onClick={() => setProblem(undefined)}>
            ×
          </button>
        </div>
      )}
    </>
  );
}
