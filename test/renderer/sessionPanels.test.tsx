// @vitest-environment happy-dom
// Issue 13 in the page: the Roots editor and the Server facts panel under the session bar, removing an
// ended session, Connect reusing an entry's session, and tab shortcuts that do not read like counts.
import "./setup.js";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { createFakeBridge, EVERYTHING_DEMO } from "./fakeBridge.js";
import { elicitation, session, toolRun } from "./fixtures.js";
import { renderApp } from "./renderApp.js";

const ROOTS_ON = { roots: { listChanged: true } };

function rootsBridge() {
  const bridge = createFakeBridge();
  bridge.handle("setRoots", () => ({ ok: true }));
  return bridge;
}

describe("Roots editor", () => {
  it("adds a file:// root (with a name) through setRoots, refuses anything else with a readable error, and removes one", async () => {
    const user = userEvent.setup();
    const bridge = rootsBridge();
    await renderApp({ sessions: [session({ clientCapabilities: ROOTS_ON })] }, bridge);
    await user.click(screen.getByRole("button", { name: "Roots (0)" }));
    const editor = screen.getByRole("region", { name: "Roots" });
    expect(within(editor).getByText("No roots: the server is told there are none.")).toBeTruthy();

    const uri = within(editor).getByRole("textbox", { name: "URI" });
    await user.type(uri, "https://example.com/project");
    await user.click(within(editor).getByRole("button", { name: "Add root" }));
    expect(within(editor).getByRole("alert").textContent).toBe('A root must be a file:// URI, such as file:///home/me/project (not "https://example.com/project")');
    expect(uri.getAttribute("aria-invalid")).toBe("true");
    await user.clear(uri);
    await user.type(uri, "file:///my project");
    await user.click(within(editor).getByRole("button", { name: "Add root" }));
    expect(within(editor).getByRole("alert").textContent).toContain("write a space as %20");
    expect(bridge.callsOf("setRoots")).toEqual([]);

    await user.clear(uri);
    await user.type(uri, "file:///work/project");
    await user.type(within(editor).getByRole("textbox", { name: "Name (optional)" }), "Project");
    await user.click(within(editor).getByRole("button", { name: "Add root" }));
    expect(bridge.callsOf("setRoots")).toEqual([{ sessionId: "s1", roots: [{ uri: "file:///work/project", name: "Project" }] }]);
    expect((uri as HTMLInputElement).value).toBe("");

    // The list is the core's: it shows what sessionChanged says.
    bridge.emit({ type: "sessionChanged", payload: session({ clientCapabilities: ROOTS_ON, roots: [{ uri: "file:///work/project", name: "Project" }, { uri: "file:///tmp" }] }) });
    expect(screen.getByRole("button", { name: "Roots (2)" }).getAttribute("aria-expanded")).toBe("true");
    expect(within(editor).getByText("file:///work/project")).toBeTruthy();
    await user.type(uri, "file:///tmp");
    await user.click(within(editor).getByRole("button", { name: "Add root" }));
    expect(within(editor).getByRole("alert").textContent).toBe("file:///tmp is already a root");
    expect(bridge.callsOf("setRoots")).toHaveLength(1);

    await user.click(within(editor).getByRole("button", { name: "Remove root file:///work/project" }));
    expect(bridge.callsOf("setRoots").at(-1)).toEqual({ sessionId: "s1", roots: [{ uri: "file:///tmp" }] });
  });

  it("no Roots button for a session whose entry has roots switched off, nor for one not connected", async () => {
    await renderApp({ sessions: [session({ clientCapabilities: { sampling: {} } }), session({ sessionId: "s2", state: "disconnected", clientCapabilities: ROOTS_ON })] });
    expect(screen.queryByRole("button", { name: /^Roots/ })).toBeNull();
  });

  it("browser mode: Choose folder… is disabled and says why; the desktop app's picker adds the folder it returns", async () => {
    const user = userEvent.setup();
    const web = rootsBridge();
    const { unmount } = await renderApp({ sessions: [session({ clientCapabilities: ROOTS_ON })] }, web);
    await user.click(screen.getByRole("button", { name: "Roots (0)" }));
    const disabled = screen.getByRole("button", { name: "Choose folder…" }) as HTMLButtonElement;
    expect(disabled.disabled).toBe(true);
    expect(disabled.title).toBe("Not available in browser mode: type the folder's file:// URI");
    unmount();

    const desktop = rootsBridge();
    desktop.handle("chooseRootFolder", () => ({ root: { uri: "file:///home/me/my%20project", name: "my project" } }));
    await renderApp({ sessions: [session({ clientCapabilities: ROOTS_ON })], host: { folderPicker: true } }, desktop);
    await user.click(screen.getByRole("button", { name: "Roots (0)" }));
    await user.click(screen.getByRole("button", { name: "Choose folder…" }));
    expect(desktop.callsOf("chooseRootFolder")).toEqual([{}]);
    expect(desktop.callsOf("setRoots")).toEqual([{ sessionId: "s1", roots: [{ uri: "file:///home/me/my%20project", name: "my project" }] }]);
  });
});

describe("Server facts", () => {
  it("2026-07-28: serverInfo, protocol version, era and how it was chosen, extensions, instructions and capabilities, as text", async () => {
    const user = userEvent.setup();
    const hostile = `<img src=x onerror="alert(1)">${"i".repeat(200_000)}`;
    await renderApp({
      sessions: [
        session({
          era: "modern",
          protocolVersion: "2026-07-28",
          eraProbe: "server/discover answered 2026-07-28",
          serverInfo: { name: "N".repeat(5000), version: "2.0.0", title: "Modern <b>fixture</b>", websiteUrl: "javascript:alert(1)" } as never,
          serverCapabilities: { tools: {}, extensions: { "io.modelcontextprotocol/tasks": {} } } as never,
          instructions: hostile,
        }),
      ],
    });
    const button = screen.getByRole("button", { name: "Server facts" });
    expect(button.getAttribute("aria-expanded")).toBe("false");
    await user.click(button);
    expect(button.getAttribute("aria-expanded")).toBe("true");
    const facts = screen.getByRole("region", { name: "Server facts" });
    const fact = (term: string) => {
      const dt = within(facts).getByText(term, { selector: "dt" });
      return (dt.nextElementSibling as HTMLElement).textContent;
    };
    expect(fact("Name")).toBe(`${"N".repeat(300)}… (5000 characters)`);
    expect(fact("Title")).toBe("Modern <b>fixture</b>");
    expect(fact("Version")).toBe("2.0.0");
    expect(fact("Website")).toBe("javascript:alert(1)");
    expect(facts.querySelector("a, b, img")).toBeNull();
    expect(fact("Protocol version")).toBe("2026-07-28");
    expect(fact("Era")).toBe("2026-07-28 (stateless, server/discover)");
    expect(fact("How the era was chosen")).toBe("server/discover answered 2026-07-28");
    expect(fact("Extensions")).toBe("io.modelcontextprotocol/tasks");
    const instructions = within(facts).getByLabelText("Server instructions");
    expect(instructions.textContent!.startsWith('<img src=x onerror="alert(1)">iii')).toBe(true);
    expect(instructions.textContent!.length).toBeLessThan(hostile.length); // cut at 100 KB until asked
    expect(within(facts).getByLabelText("Server capabilities").textContent).toContain('"io.modelcontextprotocol/tasks"');
  });

  it("2025-11-25 with nothing optional given: says so, never blank", async () => {
    const user = userEvent.setup();
    await renderApp({ sessions: [session({ era: "legacy", protocolVersion: "2025-11-25", eraProbe: "2025-11-25 chosen for this server: no probe", serverInfo: { name: "everything", version: "1.0" } })] });
    await user.click(screen.getByRole("button", { name: "Server facts" }));
    const facts = screen.getByRole("region", { name: "Server facts" });
    expect(within(facts).getByText("2025-11-25 (initialize)")).toBeTruthy();
    expect(within(facts).getAllByText("(not given)")).toHaveLength(2); // title, website
    expect(within(facts).getByText("(The server gave no instructions.)")).toBeTruthy();
    expect(within(facts).getByText("(none)")).toBeTruthy(); // extensions
  });
});

describe("sessions", () => {
  it("an ended session can be removed (removeSession); the page forgets it, its log, runs and notes, and shows the one left", async () => {
    const user = userEvent.setup();
    const bridge = createFakeBridge();
    bridge.handle("removeSession", () => ({ ok: true }));
    const gone = session({ sessionId: "old", state: "disconnected", reason: "The server closed the connection" });
    await renderApp({
      sessions: [session({ sessionId: "live", serverName: "live one" }), gone],
      toolRuns: [toolRun(1, { sessionId: "old" }), toolRun(2, { sessionId: "live" })],
      withdrawnNotes: [{ input: elicitation("p1", { message: "hi" }, { sessionId: "old" }), reason: "disconnected", message: "The session ended", withdrawnAt: 1 }],
    }, bridge);
    const picker = screen.getByRole("combobox", { name: "Session" }) as HTMLSelectElement;
    await user.selectOptions(picker, "old");
    expect(screen.queryByRole("button", { name: "Remove session" })).not.toBeNull();
    await user.click(screen.getByRole("button", { name: "Remove session" }));
    expect(bridge.callsOf("removeSession")).toEqual([{ sessionId: "old" }]);

    bridge.emit({ type: "sessionRemoved", payload: { sessionId: "old" } });
    expect([...picker.options].map((o) => o.value)).toEqual(["live"]);
    expect(picker.value).toBe("live");
    // A connected session has no Remove: it must be disconnected first.
    expect(screen.queryByRole("button", { name: "Remove session" })).toBeNull();
  });

  it("removing the last session leaves the bar saying so, not a stale session", async () => {
    const bridge = createFakeBridge();
    await renderApp({ sessions: [session({ state: "failed" })] }, bridge);
    bridge.emit({ type: "sessionRemoved", payload: { sessionId: "s1" } });
    expect(screen.getByText("Not connected. Pick a server on the left and press Connect.")).toBeTruthy();
  });

  it("after a reload an entry finds its session by the core's serverId (not its name), and Connect sends the entry's id and roots", async () => {
    const user = userEvent.setup();
    const bridge = createFakeBridge();
    const roots = [{ uri: "file:///work" }];
    bridge.handle("listServers", () => [{ ...EVERYTHING_DEMO, roots }]);
    bridge.handle("connect", () => session({ sessionId: "s1", serverId: EVERYTHING_DEMO.id }));
    // A session of another entry with the same name must not be shown on this one.
    await renderApp({
      sessions: [
        session({ sessionId: "s1", serverName: "renamed since", state: "disconnected", reason: "Disconnected by the user", serverId: EVERYTHING_DEMO.id }),
        session({ sessionId: "s2", serverName: EVERYTHING_DEMO.name, state: "connected", serverId: "some-other-entry" }),
      ],
    }, bridge);
    const demo = screen.getByRole("group", { name: "Everything (demo)" });
    expect(within(demo).getByText("Disconnected by the user")).toBeTruthy();
    await user.click(within(demo).getByRole("button", { name: "Connect" }));
    expect(bridge.callsOf("connect")).toEqual([{ server: expect.objectContaining({ roots }), serverId: EVERYTHING_DEMO.id }]);
  });
});

describe("an entry whose session was removed while its Disconnect was on its way", () => {
  it("says disconnected, not connecting", async () => {
    const user = userEvent.setup();
    const bridge = createFakeBridge();
    let finish!: () => void;
    bridge.handle("disconnect", () => new Promise((resolve) => (finish = () => resolve({ ok: true }))));
    await renderApp({ sessions: [session({ serverId: EVERYTHING_DEMO.id })] }, bridge);
    const demo = screen.getByRole("group", { name: "Everything (demo)" });
    await user.click(within(demo).getByRole("button", { name: "Disconnect" }));
    bridge.emit({ type: "sessionChanged", payload: session({ serverId: EVERYTHING_DEMO.id, state: "disconnected" }) }, { type: "sessionRemoved", payload: { sessionId: "s1" } });
    expect(within(demo).getByText("disconnected")).toBeTruthy();
    expect(within(demo).queryByText("connecting")).toBeNull();
    finish();
  });
});

describe("tab shortcuts", () => {
  it("are a hint (title, aria-keyshortcuts), never a digit drawn beside the badge", async () => {
    await renderApp({ pendingInputs: [elicitation("p1", { message: "a" }), elicitation("p2", { message: "b" })], sessions: [session()] });
    const tab = screen.getByRole("tab", { name: "Elicitations" });
    expect(tab.getAttribute("aria-keyshortcuts")).toBe("Alt+4 Control+4 Meta+4");
    expect(tab.title).toBe("Elicitations (Alt+4, or Ctrl+4 in the desktop app)");
    // Only the label and the count: "Elicitations 2 4" read like two counts.
    expect(tab.textContent).toBe("Elicitations2 pending");
    expect(screen.getByRole("tab", { name: "Tools" }).textContent).toBe("Tools");
  });
});
