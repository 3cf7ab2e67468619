// @vitest-environment happy-dom
// The Servers sidebar says how each entry starts in a line or two: the command's own name and the last
// parts of each long path (a stdio entry's absolute paths filled four lines); the whole command on hover.
import "./setup.js";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { SavedServer } from "../../shared/types.js";
import { shortTransport } from "../../renderer/src/sidebar/configText.js";
import { createFakeBridge, EVERYTHING_DEMO } from "./fakeBridge.js";
import { renderApp } from "./renderApp.js";

const stdio = (command: string, args: string[]): SavedServer => ({ ...EVERYTHING_DEMO, id: "x", name: "X", builtIn: false, transport: { type: "stdio", command, args, env: {} } });

describe("the sidebar's server line", () => {
  it("keeps the command's name and each absolute path's last three parts; relative words, flags and URLs stay whole", () => {
    expect(shortTransport(stdio("/work/main/node_modules/node/bin/node", ["/work/main/node_modules/@modelcontextprotocol/server-everything/dist/index.js", "stdio"]))).toBe(
      "node …/server-everything/dist/index.js stdio",
    );
    expect(shortTransport(stdio("C:\\Program Files\\nodejs\\node.exe", ["C:\\srv\\my-server\\build\\main.js", "--port=3000"]))).toBe("node.exe …/my-server/build/main.js --port=3000");
    expect(shortTransport(stdio("npx", ["-y", "@modelcontextprotocol/server-everything", "/tmp/x.js"]))).toBe("npx -y @modelcontextprotocol/server-everything /tmp/x.js");
    const http: SavedServer = { ...EVERYTHING_DEMO, transport: { type: "streamableHttp", url: "https://example.com/a/b/c/mcp", headers: {} } };
    expect(shortTransport(http)).toBe("Streamable HTTP https://example.com/a/b/c/mcp");
  });

  it("shows the short line, with the whole command on hover", async () => {
    const long = stdio("/usr/local/lib/node/bin/node", ["/home/ada/projects/weather/server/dist/index.js", "stdio"]);
    const bridge = createFakeBridge();
    bridge.handle("listServers", () => [EVERYTHING_DEMO, long]);
    await renderApp({}, bridge);
    const line = within(await screen.findByRole("group", { name: "X" })).getByText("node …/server/dist/index.js stdio");
    expect(line.getAttribute("title")).toBe("/usr/local/lib/node/bin/node /home/ada/projects/weather/server/dist/index.js stdio");
  });
});
