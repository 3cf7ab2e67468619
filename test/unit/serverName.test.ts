// The name an entry is saved under when the user leaves Name empty: what the command runs, not the
// launcher that runs it; a URL's host.
import { describe, expect, it } from "vitest";
import { suggestedStdioName, suggestedUrlName } from "../../shared/serverName.js";

describe("a suggested server name", () => {
  it.each([
    ["npx", ["-y", "@modelcontextprotocol/server-filesystem", "/tmp"], "server-filesystem"],
    ["npx", ["-y", "@upstash/context7-mcp@latest"], "context7-mcp"],
    ["npx", ["mcp-remote@0.1.2", "https://example.com/mcp"], "mcp-remote"],
    ["pnpm", ["dlx", "tavily-mcp"], "tavily-mcp"],
    ["uvx", ["mcp-server-fetch"], "mcp-server-fetch"],
    ["uv", ["run", "--directory", "/home/me/weather", "weather.py"], "weather"],
    ["python3", ["-m", "mcp_server_time"], "mcp_server_time"],
    ["node", ["/home/me/projects/weather-server/build/index.js"], "weather-server"],
    ["/usr/local/bin/node", ["./dist/server.mjs"], "server"],
    ["docker", ["run", "-i", "--rm", "-e", "TOKEN", "-v", "/data:/data", "mcp/time:latest"], "time"],
    ["/tmp/real/node_modules/.bin/mcp-server-filesystem", ["/tmp"], "mcp-server-filesystem"],
    ["C:\\Program Files\\tools\\weather.exe", [], "weather"],
    ["npx", ["-y"], "npx"],
    ["", [], ""],
  ] as const)("%s %j → %s", (command, args, name) => {
    expect(suggestedStdioName(command, args)).toBe(name);
  });

  it("a URL gives its host; half a URL gives nothing; a hostile length is cut", () => {
    expect(suggestedUrlName("http://localhost:8080/mcp")).toBe("localhost:8080");
    expect(suggestedUrlName("https://mcp.notion.com/mcp")).toBe("mcp.notion.com");
    expect(suggestedUrlName("localhost:8080/sse")).toBe("");
    expect(suggestedStdioName("x".repeat(10_000), []).length).toBe(100);
    // A pasted megabyte of "@" (each one a place the version pattern could start) is answered at once.
    expect(suggestedStdioName("npx", ["@".repeat(1_000_000) + "/x"])).toBe("x");
  });
});
