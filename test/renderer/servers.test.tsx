// @vitest-environment happy-dom
// Servers sidebar: the built-in "Everything (demo)" entry from listServers, Connect / Disconnect,
// live state from sessionChanged events, stderr, add and import.
import "./setup.js";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { createFakeBridge, EVERYTHING_DEMO } from "./fakeBridge.js";
import { session } from "./fixtures.js";
import { chooseServerAction, renderApp } from "./renderApp.js";

/** The app with the Add server form open; saveServer answers with the entry as saved. */
async function openAddServer() {
  const user = userEvent.setup();
  const bridge = createFakeBridge();
  bridge.handle("saveServer", ({ server }) => ({ ...EVERYTHING_DEMO, ...server, id: "new", builtIn: false }) as never);
  await renderApp({}, bridge);
  await user.click(screen.getByRole("button", { name: "Add server" }));
  return { user, bridge, form: screen.getByRole("form", { name: "Add server" }) };
}

describe("servers sidebar", () => {
  it("Connect starts the demo entry's config; state follows events; Disconnect ends that session", async () => {
    const user = userEvent.setup();
    const bridge = createFakeBridge();
    bridge.handle("connect", () => session({ sessionId: "s9" }));
    bridge.handle("disconnect", () => ({ ok: true }));
    await renderApp({}, bridge);
    const demo = screen.getByRole("group", { name: "Everything (demo)" });
    expect(within(demo).getByText("disconnected")).toBeTruthy();
    await user.click(within(demo).getByRole("button", { name: "Connect" }));
    expect(bridge.callsOf("connect")).toEqual([{ server: { name: EVERYTHING_DEMO.name, era: "auto", transport: EVERYTHING_DEMO.transport, features: EVERYTHING_DEMO.features }, serverId: EVERYTHING_DEMO.id }]);
    bridge.emit({ type: "sessionChanged", payload: session({ sessionId: "s9", state: "connected" }) });
    expect(await within(demo).findByText("connected")).toBeTruthy();
    bridge.emit({ type: "stderrLine", payload: { sessionId: "s9", line: "Starting default (STDIO) server..." } });
    expect(within(demo).getByText("Starting default (STDIO) server...")).toBeTruthy();
    await user.click(within(demo).getByRole("button", { name: "Disconnect" }));
    expect(bridge.callsOf("disconnect")).toEqual([{ sessionId: "s9" }]);
    bridge.emit({ type: "sessionChanged", payload: session({ sessionId: "s9", state: "disconnected", reason: "Disconnected by the user" }) });
    expect(within(demo).getByRole("button", { name: "Connect" })).toBeTruthy();
    expect(within(demo).getByText("Disconnected by the user")).toBeTruthy();
  });

  it("a failed Connect says why once in its entry: the alert, and the session's same reason only once the alert is dismissed", async () => {
    const user = userEvent.setup();
    const bridge = createFakeBridge();
    const reason = 'Could not connect to "brave": MCP error -32000: Connection closed. A Brave API key is required.';
    bridge.handle("connect", () => {
      bridge.emit({ type: "sessionChanged", payload: session({ sessionId: "s9", serverId: EVERYTHING_DEMO.id, state: "failed", reason }) });
      throw new Error(reason);
    });
    await renderApp({}, bridge);
    const demo = screen.getByRole("group", { name: "Everything (demo)" });
    await user.click(within(demo).getByRole("button", { name: "Connect" }));
    await within(demo).findByText("failed");
    expect(within(demo).getByRole("alert").textContent).toContain(reason);
    expect(within(demo).getAllByText(reason)).toHaveLength(1);
    await user.click(within(demo).getByRole("button", { name: "Dismiss error" }));
    expect(within(demo).queryByRole("alert")).toBeNull();
    expect(within(demo).getAllByText(reason)).toHaveLength(1);
  });

  it("Restart stops a live stdio entry and connects it again as saved, in the same session; an HTTP entry says Reconnect", async () => {
    const user = userEvent.setup();
    const bridge = createFakeBridge();
    const order: string[] = [];
    bridge.handle("disconnect", ({ sessionId }) => {
      order.push(`disconnect ${sessionId}`);
      bridge.emit({ type: "sessionChanged", payload: session({ sessionId, state: "disconnected", reason: "Disconnected by the user" }) });
      return { ok: true };
    });
    bridge.handle("connect", ({ serverId }) => {
      order.push(`connect ${serverId}`);
      return session({ sessionId: "s9" });
    });
    const web = { ...EVERYTHING_DEMO, id: "web", name: "Web", builtIn: false, transport: { type: "streamableHttp" as const, url: "http://127.0.0.1:9/mcp", headers: {} } };
    bridge.handle("listServers", () => [EVERYTHING_DEMO, web]);
    await renderApp({ sessions: [session({ sessionId: "s9", serverId: EVERYTHING_DEMO.id, state: "connected" }), session({ sessionId: "s10", serverId: "web", serverName: "Web", state: "connected" })] }, bridge);
    const demo = screen.getByRole("group", { name: "Everything (demo)" });
    const restart = within(demo).getByRole("button", { name: "Restart server Everything (demo)" });
    expect(restart.textContent).toBe("Restart");
    expect(restart.title).toMatch(/start it again \(after a rebuild\)/);
    await user.click(restart);
    expect(order).toEqual(["disconnect s9", `connect ${EVERYTHING_DEMO.id}`]);
    expect(bridge.callsOf("connect")[0]!.server.transport).toEqual(EVERYTHING_DEMO.transport);
    const other = await screen.findByRole("group", { name: "Web" });
    expect(within(other).getByRole("button", { name: "Reconnect server Web" }).textContent).toBe("Reconnect");
    // Not live: Connect, and nothing to restart.
    bridge.emit({ type: "sessionChanged", payload: session({ sessionId: "s9", state: "disconnected" }) });
    await within(demo).findByRole("button", { name: "Connect" });
    expect(within(demo).queryByRole("button", { name: /^Restart/ })).toBeNull();
  });

  it("a URL ending in /sse chosen as Streamable HTTP (or /mcp as SSE) is pointed out, with a button that switches", async () => {
    const { user, form } = await openAddServer();
    const transport = within(form).getByLabelText("Transport") as HTMLSelectElement;
    await user.selectOptions(transport, "streamableHttp");
    await user.type(within(form).getByLabelText("URL"), "http://localhost:8080/sse/");
    expect(within(form).getByText(/usually speaks/).textContent).toBe("A URL ending in /sse usually speaks the older SSE transport. Use SSE");
    await user.click(within(form).getByRole("button", { name: "Use SSE" }));
    expect(transport.value).toBe("sse");
    expect(within(form).queryByText(/usually speaks/)).toBeNull();
    await user.clear(within(form).getByLabelText("URL"));
    await user.type(within(form).getByLabelText("URL"), "http://localhost:8080/mcp");
    await user.click(within(form).getByRole("button", { name: "Use Streamable HTTP" }));
    expect(transport.value).toBe("streamableHttp");
    // Half a URL says nothing.
    await user.clear(within(form).getByLabelText("URL"));
    await user.type(within(form).getByLabelText("URL"), "localhost:8080/sse");
    expect(within(form).queryByText(/usually speaks/)).toBeNull();
  });

  it("a whole command line typed into Command is offered split into the program and its arguments, quotes read as a shell reads them", async () => {
    const { user, bridge, form } = await openAddServer();
    const command = within(form).getByLabelText("Command") as HTMLInputElement;
    const args = within(form).getByLabelText("Arguments (one per line)") as HTMLTextAreaElement;
    await user.type(within(form).getByLabelText("Name"), "files");
    await user.type(command, `npx -y @modelcontextprotocol/server-filesystem "/tmp/my files"`);
    const note = within(form).getByRole("note");
    expect(note.textContent).toBe("This reads as a whole command line: the program npx with 3 arguments. Split into command and arguments");
    expect(command.getAttribute("aria-describedby")).toBe(note.id);
    await user.click(within(note).getByRole("button", { name: "Split into command and arguments" }));
    expect(command.value).toBe("npx");
    expect(args.value).toBe("-y\n@modelcontextprotocol/server-filesystem\n/tmp/my files");
    expect(within(form).queryByRole("note")).toBeNull();
    await user.click(within(form).getByRole("button", { name: "Save server" }));
    expect(bridge.callsOf("saveServer")[0]!.server.transport).toEqual({ type: "stdio", command: "npx", args: ["-y", "@modelcontextprotocol/server-filesystem", "/tmp/my files"], env: {} });
  });

  it("Name left empty: the entry is saved under what its command runs (shown as the placeholder), or its URL's host", async () => {
    const { user, bridge, form } = await openAddServer();
    const name = within(form).getByLabelText("Name") as HTMLInputElement;
    await user.type(within(form).getByLabelText("Command"), "npx");
    await user.type(within(form).getByLabelText("Arguments (one per line)"), "-y{Enter}@modelcontextprotocol/server-filesystem@2{Enter}/tmp");
    expect(name.placeholder).toBe("server-filesystem");
    await user.click(within(form).getByRole("button", { name: "Save server" }));
    expect(bridge.callsOf("saveServer")[0]!.server.name).toBe("server-filesystem");
  });

  it("an HTTP entry with no name is saved under its URL's host; with neither, Save asks for a name", async () => {
    const { user, bridge, form } = await openAddServer();
    await user.selectOptions(within(form).getByLabelText("Transport"), "streamableHttp");
    await user.click(within(form).getByRole("button", { name: "Save server" }));
    expect(within(form).getByRole("alert").textContent).toContain("Give the server a name");
    await user.type(within(form).getByLabelText("URL"), "http://127.0.0.1:3001/mcp");
    await user.click(within(form).getByRole("button", { name: "Save server" }));
    expect(bridge.callsOf("saveServer")[0]!.server.name).toBe("127.0.0.1:3001");
  });

  it("no split is offered for one word, with arguments already given, or with an unclosed quote", async () => {
    const { user, form } = await openAddServer();
    const command = within(form).getByLabelText("Command");
    await user.type(command, "  node  ");
    expect(within(form).queryByRole("note")).toBeNull();
    await user.clear(command);
    await user.type(command, `node "server.js`);
    expect(within(form).queryByRole("note")).toBeNull();
    await user.clear(command);
    await user.type(command, "node server.js");
    expect(within(form).getByRole("note")).toBeTruthy();
    await user.type(within(form).getByLabelText("Arguments (one per line)"), "--stdio");
    expect(within(form).queryByRole("note")).toBeNull();
  });

  it("a failed connect shows why", async () => {
    const user = userEvent.setup();
    const bridge = createFakeBridge();
    bridge.handle("connect", () => Promise.reject(new Error('Could not connect to "nope": spawn nope ENOENT')));
    await renderApp({}, bridge);
    await user.click(screen.getByRole("button", { name: "Connect" }));
    expect((await screen.findByRole("alert")).textContent).toContain("spawn nope ENOENT");
  });

  it("adds a stdio server with args, env and capability toggles (AP1: the MCP Apps switch) through saveServer", async () => {
    const { user, bridge, form } = await openAddServer();
    await user.click(within(form).getByRole("button", { name: "Save server" }));
    expect(within(form).getByRole("alert").textContent).toContain("Give the server a name");
    expect(bridge.callsOf("saveServer")).toHaveLength(0);
    await user.type(within(form).getByLabelText("Name"), "mine");
    await user.type(within(form).getByLabelText("Command"), "node");
    await user.type(within(form).getByLabelText("Arguments (one per line)"), "server.js{Enter}--stdio");
    await user.type(within(form).getByLabelText("Environment (KEY=value per line)"), "DEBUG=1");
    await user.click(within(form).getByLabelText("Sampling"));
    // AP1: Apps have a switch of their own, on by default.
    const apps = within(form).getByLabelText("MCP Apps (host the UIs of App tools)") as HTMLInputElement;
    expect(apps.checked).toBe(true);
    await user.click(apps);
    await user.click(within(form).getByRole("button", { name: "Save server" }));
    expect(bridge.callsOf("saveServer")).toEqual([
      {
        server: {
          name: "mine",
          transport: { type: "stdio", command: "node", args: ["server.js", "--stdio"], env: { DEBUG: "1" } },
          features: { sampling: false, elicitationForm: true, elicitationUrl: true, roots: true, receiverTasks: true, apps: false },
          era: "auto",
        },
      },
    ]);
  });

  it("saving an entry whose roots changed (Roots panel) while its editor was open keeps the new roots", async () => {
    const user = userEvent.setup();
    const bridge = createFakeBridge();
    const saved = { ...EVERYTHING_DEMO, id: "m", name: "mine", builtIn: false, roots: [{ uri: "file:///a" }] };
    bridge.handle("listServers", () => [EVERYTHING_DEMO, saved]);
    bridge.handle("saveServer", ({ server }) => ({ ...saved, ...server }) as never);
    await renderApp({}, bridge);
    await chooseServerAction(user, "mine", "Edit…");
    const form = screen.getByRole("form", { name: "Edit server mine" });
    bridge.emit({ type: "serversChanged", payload: [EVERYTHING_DEMO, { ...saved, roots: [{ uri: "file:///a" }, { uri: "file:///b", name: "B" }] }] });
    await user.click(within(form).getByRole("button", { name: "Save server" }));
    expect(bridge.callsOf("saveServer")[0]?.server.roots).toEqual([{ uri: "file:///a" }, { uri: "file:///b", name: "B" }]);
  });

  it("the keyboard keeps its place: an opened form takes the focus, a closed one gives it back to its opener, a removed entry to the next", async () => {
    const user = userEvent.setup();
    const bridge = createFakeBridge();
    const mine = { ...EVERYTHING_DEMO, id: "m", name: "mine", builtIn: false };
    const other = { ...EVERYTHING_DEMO, id: "o", name: "other", builtIn: false };
    bridge.handle("listServers", () => [EVERYTHING_DEMO, mine, other]);
    bridge.handle("saveServer", ({ server }) => ({ ...mine, ...server }) as never);
    bridge.handle("removeServer", () => {
      bridge.emit({ type: "serversChanged", payload: [EVERYTHING_DEMO, other] });
      return { ok: true } as never;
    });
    await renderApp({}, bridge);
    // Add server: the caret in Name; Discard: back on Add server (a new button: the old one made way for the form).
    await user.click(screen.getByRole("button", { name: "Add server" }));
    expect(document.activeElement).toBe(within(screen.getByRole("form", { name: "Add server" })).getByLabelText("Name"));
    await user.click(screen.getByRole("button", { name: "Discard changes" }));
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Add server" }));
    // Edit (from the entry's menu): saved, the focus is back on that entry's menu button.
    await chooseServerAction(user, "mine", "Edit…");
    expect((document.activeElement as HTMLInputElement).value).toBe("mine");
    await user.click(screen.getByRole("button", { name: "Save server" }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole("button", { name: "More actions for mine" })));
    // Import: the caret in the document; Close import gives the focus back to Import servers.
    await user.click(screen.getByRole("button", { name: "Import servers" }));
    expect(document.activeElement).toBe(screen.getByLabelText("mcpServers JSON"));
    await user.click(screen.getByRole("button", { name: "Close import" }));
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Import servers" }));
    // Remove: the focus goes on to the next entry.
    const confirm = window.confirm;
    window.confirm = () => true;
    try {
      await chooseServerAction(user, "mine", "Remove…");
      await waitFor(() => expect(screen.queryByRole("group", { name: "mine" })).toBeNull());
      expect(within(screen.getByRole("group", { name: "other" })).getByRole("button", { name: "Connect" })).toBe(document.activeElement);
    } finally {
      window.confirm = confirm;
    }
  });

  it("imports an mcpServers document through importServers; the list comes from the serversChanged event", async () => {
    const user = userEvent.setup();
    const bridge = createFakeBridge();
    const imported = { ...EVERYTHING_DEMO, id: "fs", name: "filesystem", builtIn: false };
    bridge.handle("importServers", () => ({ added: [imported], duplicates: [], notImported: 0, message: "Imported 1 server." }));
    await renderApp({}, bridge);
    await user.click(screen.getByRole("button", { name: "Import servers" }));
    const json = '{"mcpServers":{"filesystem":{"command":"npx","args":["x"]}}}';
    await user.click(screen.getByLabelText("mcpServers JSON"));
    await user.paste(json);
    await user.click(screen.getByRole("button", { name: "Import" }));
    expect(bridge.callsOf("importServers")).toEqual([{ json }]);
    expect(await screen.findByText("Imported 1 server. Added: filesystem.")).toBeTruthy();
    expect(screen.queryByRole("group", { name: "filesystem" })).toBeNull();
    bridge.emit({ type: "serversChanged", payload: [EVERYTHING_DEMO, imported] });
    expect(screen.getByRole("group", { name: "filesystem" })).toBeTruthy();
  });
});

describe("many saved servers", () => {
  it("2,000 saved servers: the sidebar draws the first 100 at once, filters by name, and shows more on request", async () => {
    const user = userEvent.setup();
    const bridge = createFakeBridge();
    const many = Array.from({ length: 2000 }, (_, i) => ({ ...EVERYTHING_DEMO, id: `s${i}`, name: `server ${i}`, builtIn: false }));
    bridge.handle("listServers", () => [EVERYTHING_DEMO, ...many]);
    await renderApp({}, bridge);
    await screen.findByRole("group", { name: "server 98" });
    expect(screen.queryByRole("group", { name: "server 99" })).toBeNull();
    await user.click(screen.getByRole("button", { name: "Show 100 more of 1901" }));
    expect(screen.getByRole("group", { name: "server 198" })).toBeTruthy();
    await user.type(screen.getByRole("searchbox", { name: "Filter servers by name" }), "server 1999");
    expect(await screen.findByRole("group", { name: "server 1999" })).toBeTruthy();
    expect(screen.queryByRole("group", { name: "server 1" })).toBeNull();
  });
});

describe("what the user must know about their saved data", () => {
  it("a file that did not load as it was: the sidebar names it, says what was wrong and where the backup is, until dismissed", async () => {
    const user = userEvent.setup();
    await renderApp({
      storage: {
        problems: [{ file: "/home/u/.config/mcp-task-inspector/servers.json", problem: "line 3, column 1: a trailing comma", backup: "/home/u/.config/mcp-task-inspector/servers.unreadable-2026.json" }],
        secrets: { encrypted: false, description: "Secrets in saved servers (env and header values) are stored unencrypted, readable only by your user." },
      },
    });
    const alert = screen.getByRole("alert", { name: "Problems loading saved data" });
    expect(alert.textContent).toContain("/home/u/.config/mcp-task-inspector/servers.json could not be loaded as it was: line 3, column 1: a trailing comma.");
    expect(alert.textContent).toContain("The original is kept in /home/u/.config/mcp-task-inspector/servers.unreadable-2026.json.");
    // Where env is typed, the user learns how it will be kept.
    await user.click(screen.getByRole("button", { name: "Add server" }));
    expect(screen.getByText(/stored unencrypted, readable only by your user/)).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Dismiss" }));
    expect(screen.queryByRole("alert", { name: "Problems loading saved data" })).toBeNull();
  });
});

describe("the servers sidebar hidden", () => {
  it("hides and shows again (button, Ctrl+B) with a half-typed server still there; remembered for the next window", async () => {
    const user = userEvent.setup();
    await renderApp({}, createFakeBridge());
    await user.click(screen.getByRole("button", { name: "Add server" }));
    await user.type(within(screen.getByRole("form", { name: "Add server" })).getByLabelText("Name"), "half-typed");
    await user.click(screen.getByRole("button", { name: "Hide the servers sidebar" }));
    expect(document.querySelector(".app")!.classList.contains("sidebar-hidden")).toBe(true);
    expect(localStorage.getItem("inspector-sidebar")).toBe("hidden");
    await user.keyboard("{Control>}b{/Control}");
    expect(screen.getByRole("button", { name: "Hide the servers sidebar" }).getAttribute("aria-expanded")).toBe("true");
    expect((within(screen.getByRole("form", { name: "Add server" })).getByLabelText("Name") as HTMLInputElement).value).toBe("half-typed");
    expect(localStorage.getItem("inspector-sidebar")).toBe("shown");
  });
});
