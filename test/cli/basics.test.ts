// The command-line inspector's commands, --json documents and exit codes, run as a user runs them
// (node out/main/cli.js, built by `npm run build`), against real servers over stdio and Streamable HTTP.
import { copyFileSync, mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { InspectorCore } from "../../main/core/inspectorCore.js";
import { JsonFileStorage } from "../../main/core/storage.js";
import { BIN, EVERYTHING, everythingStdio, fixtureStdio, jsonOf, newConfigDir, runCli, startEverythingHttp, startHttpFixture, type ServerProcess } from "./harness.js";

let fixture: ServerProcess;
beforeAll(async () => {
  fixture = await startHttpFixture("cli-http-server.mjs");
});
afterAll(async () => {
  await fixture?.stop();
});

describe("CLI commands against server-everything over stdio", () => {
  it("tools: names and descriptions on stdout; --json is one document { tools: [Tool] }", async () => {
    const human = await runCli(["tools", "--server", everythingStdio]);
    expect(human.code).toBe(0);
    expect(human.stdout).toMatch(/^echo \[task: forbidden\] {2}Echoes back the input string$/m);
    expect(human.stderr).toMatch(/Connected to mcp-servers\/everything .* \(2025-11-25\)/);

    const json = await runCli(["tools", "--server", everythingStdio, "--json", "--quiet"]);
    expect(json.code).toBe(0);
    expect(json.stderr).toBe("");
    const { tools } = jsonOf(json) as { tools: { name: string; inputSchema: unknown }[] };
    expect(tools.find((t) => t.name === "echo")).toMatchObject({ inputSchema: { type: "object", properties: { message: { type: "string" } } } });
    expect(tools.map((t) => t.name)).toContain("simulate-research-query");
  });

  it("tools: a description written as an indented block (it starts with a line break) shows its first words", async () => {
    const human = await runCli(["tools", "--server", fixtureStdio("schema-shapes-server.mjs"), "--quiet"]);
    expect(human.code).toBe(0);
    expect(human.stdout).toMatch(/^kitchen_sink {2}Echoes the arguments it received \(kitchen_sink\)\.$/m);
  });

  it("call with --args: the text content on stdout, exit 0; --json is the CallToolResult as the server sent it", async () => {
    const human = await runCli(["call", "echo", "--args", '{"message":"hi there"}', "--server", everythingStdio]);
    expect(human).toMatchObject({ code: 0, stdout: "Echo: hi there\n" });
    const json = await runCli(["call", "get-structured-content", "--args", '{"location":"Chicago"}', "--server", everythingStdio, "--json"]);
    expect(json.code).toBe(0);
    const result = jsonOf(json);
    expect(result.content).toEqual([expect.objectContaining({ type: "text" })]);
    expect(result.structuredContent).toMatchObject({ temperature: expect.any(Number) });
  });

  it("resources, templates, read, prompts, get-prompt and ping: one --json document each", async () => {
    const [resources, templates, prompts, ping] = await Promise.all(
      ["resources", "templates", "prompts", "ping"].map((command) => runCli([command, "--server", everythingStdio, "--json", "--era", "2025-11-25"])),
    );
    expect(resources!.code).toBe(0);
    const listed = (jsonOf(resources!).resources as { uri: string }[]).map((r) => r.uri);
    expect(listed.length).toBeGreaterThan(0);
    expect((jsonOf(templates!).resourceTemplates as { uriTemplate: string }[]).length).toBeGreaterThan(0);
    expect((jsonOf(prompts!).prompts as { name: string }[]).map((p) => p.name)).toContain("simple-prompt");
    expect(jsonOf(ping!)).toEqual({ roundTripMs: expect.any(Number) });

    const read = await runCli(["read", listed[0]!, "--server", everythingStdio, "--json"]);
    expect(read.code).toBe(0);
    expect(jsonOf(read).contents).toEqual([expect.objectContaining({ uri: listed[0] })]);

    const prompt = await runCli(["get-prompt", "args-prompt", "--args", '{"city":"Paris"}', "--server", everythingStdio, "--json"]);
    expect(prompt.code).toBe(0);
    expect(JSON.stringify(jsonOf(prompt).messages)).toContain("Paris");
    const text = await runCli(["get-prompt", "args-prompt", "--args", '{"city":"Paris"}', "--server", everythingStdio]);
    expect(text.stdout).toMatch(/^user:\n.*Paris/);
  });

  it("the bin launcher runs the same CLI; in a checkout without a build it says to run npm run build (exit 2)", async () => {
    const ran = await runCli(["call", "echo", "--args", '{"message":"via bin"}', "--server", everythingStdio], { entry: BIN });
    expect(ran).toMatchObject({ code: 0, stdout: "Echo: via bin\n" });
    const unbuilt = mkdtempSync(join(tmpdir(), "cli-unbuilt-"));
    mkdirSync(join(unbuilt, "bin"));
    copyFileSync(BIN, join(unbuilt, "bin", "mcp-task-inspector.mjs"));
    const missing = await runCli(["tools"], { entry: join(unbuilt, "bin", "mcp-task-inspector.mjs") });
    expect(missing.code).toBe(2);
    expect(missing.stderr.trim()).toBe(`mcp-task-inspector: the CLI is not built (no ${join(unbuilt, "out", "main", "cli.js")}): run npm run build first`);
  });
});

describe("CLI exit codes", () => {
  it("1 when the tool result has isError: the result is still printed", async () => {
    const ran = await runCli(["call", "oops", "--server", fixture.url, "--json"]);
    expect(ran.code).toBe(1);
    expect(jsonOf(ran)).toEqual({ content: [{ type: "text", text: "the tool said no" }], isError: true });
  });

  it("1 when the server answers with a JSON-RPC error: { error: { code, message, data } } as the server sent it", async () => {
    const ran = await runCli(["call", "boom", "--server", fixture.url, "--json"]);
    expect(ran.code).toBe(1);
    expect(jsonOf(ran)).toEqual({ error: { code: -32050, message: "boom went the tool", data: { why: "asked to" } } });
    expect(ran.stderr).toMatch(/^mcp-task-inspector: the server answered with error -32050: boom went the tool$/m);
  });

  it("2 when the server cannot be reached: a command that does not exist, a URL nobody listens on", async () => {
    const missing = await runCli(["tools", "--server", "no-such-command-for-the-cli-test --flag"]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/^mcp-task-inspector: Could not connect to "no-such-command-for-the-cli-test --flag": .*ENOENT/m);
    const closed = await runCli(["ping", "--server", "http://127.0.0.1:9/mcp", "--json", "--quiet"]);
    expect(closed.code).toBe(2);
    expect(jsonOf(closed)).toEqual({ error: { message: expect.stringMatching(/^Could not connect to http:\/\/127\.0\.0\.1:9\/mcp/) } });
  });

  it.each([
    [[], /^mcp-task-inspector: no command given/],
    [["frobnicate", "--server", "x"], /^mcp-task-inspector: unknown command "frobnicate": the commands are tools, call/],
    [["tools"], /^mcp-task-inspector: tools needs --server <name\|command\|url>$/],
    [["call", "--server", "x"], /^mcp-task-inspector: call needs <tool>$/],
    [["call", "echo", "--args", "{nope", "--server", "x"], /^mcp-task-inspector: --args is not valid JSON: /],
    [["call", "echo", "--args", "[1]", "--server", "x"], /^mcp-task-inspector: --args must be a JSON object/],
    [["tools", "--server", "x", "--bogus"], /^mcp-task-inspector: Unknown option '--bogus'$/],
    [["tools", "--server", "x", "--era", "2024"], /^mcp-task-inspector: --era must be auto, 2025-11-25 or 2026-07-28, not "2024"$/],
    [["task", "peek", "t1", "--server", "x"], /^mcp-task-inspector: task needs get, cancel or watch/],
    [["tools", "--server", "node 'unclosed"], /^mcp-task-inspector: --server: the server command has an unclosed single quote$/],
    [["ping", "--server", "x", "--timeout", "soon"], /^mcp-task-inspector: --timeout must be a whole number of milliseconds/],
    [["call", "echo", "--server", "x", "--sampling", "{\"content\":{}}"], /^mcp-task-inspector: --sampling must be a CreateMessageResult/],
  ])("2 for a usage error, with one readable line: %j", async (args, says) => {
    const ran = await runCli(args as string[]);
    expect(ran.code).toBe(2);
    expect(ran.stderr.trim()).toMatch(says as RegExp);
    expect(ran.stderr.trim().split("\n")).toHaveLength(1);
    expect(ran.stdout).toBe("");
  });

  it("--help prints the usage and exits 0", async () => {
    const ran = await runCli(["--help"]);
    expect(ran.code).toBe(0);
    expect(ran.stdout).toMatch(/^Usage: mcp-task-inspector <command>/);
    expect(ran.stdout).toContain("Exit codes: 0 success; 1 the server said error");
  });
});

describe("CLI --server: saved servers, an mcpServers file, a URL, a command line", () => {
  it("a saved server's name (the browser mode's saved servers in --config-dir or the env folder), and `servers` lists them", async () => {
    const configDir = newConfigDir();
    const core = new InspectorCore({ storage: new JsonFileStorage(configDir) });
    await core.dispatch("saveServer", { server: { name: "my everything", transport: { type: "stdio", command: process.execPath, args: [EVERYTHING, "stdio"] } } });
    await core.shutdown();

    const byEnv = await runCli(["call", "echo", "--args", '{"message":"saved"}', "--server", "my everything"], { configDir });
    expect(byEnv).toMatchObject({ code: 0, stdout: "Echo: saved\n" });
    const byFlag = await runCli(["call", "echo", "--args", '{"message":"flag"}', "--server", "my everything", "--config-dir", configDir], { configDir: newConfigDir() });
    expect(byFlag).toMatchObject({ code: 0, stdout: "Echo: flag\n" });

    const listed = await runCli(["servers", "--json"], { configDir });
    expect(jsonOf(listed).servers).toContainEqual({ name: "my everything", source: "saved", era: "auto", transport: `${process.execPath} ${EVERYTHING} stdio` });
  });

  it("a saved-servers file that does not parse is reported on stderr (and set aside by the core); the command still runs", async () => {
    const configDir = newConfigDir();
    writeFileSync(join(configDir, "servers.json"), "{ not json,");
    const ran = await runCli(["servers", "--json"], { configDir });
    expect(ran.code).toBe(0);
    expect(ran.stderr).toMatch(new RegExp(`^${join(configDir, "servers.json").replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}: .*\(kept as .*\)$`, "m"));
    expect(jsonOf(ran).servers).toEqual(expect.any(Array));
  });

  it("a name in a Claude / VS Code mcpServers file given with --servers-file", async () => {
    const dir = mkdtempSync(join(tmpdir(), "cli-servers-file-"));
    const file = join(dir, "claude_desktop_config.json");
    writeFileSync(file, JSON.stringify({ mcpServers: { everything: { command: process.execPath, args: [EVERYTHING, "stdio"] }, remote: { url: fixture.url } } }));
    const stdio = await runCli(["call", "echo", "--args", '{"message":"from the file"}', "--server", "everything", "--servers-file", file]);
    expect(stdio).toMatchObject({ code: 0, stdout: "Echo: from the file\n" });
    const http = await runCli(["call", "never", "--server", "remote", "--servers-file", file]);
    expect(http).toMatchObject({ code: 0, stdout: "never as a task\n" });
    const listed = await runCli(["servers", "--servers-file", file, "--json"]);
    expect(jsonOf(listed).servers).toEqual(expect.arrayContaining([expect.objectContaining({ name: "everything", source: "file" }), { name: "remote", source: "file", era: "auto", transport: fixture.url }]));

    const bad = join(dir, "bad.json");
    writeFileSync(bad, JSON.stringify({ mcpServers: { broken: { args: [] } } }));
    const refused = await runCli(["servers", "--servers-file", bad]);
    expect(refused.code).toBe(2);
    expect(refused.stderr.trim()).toBe(`mcp-task-inspector: --servers-file ${bad}: Server "broken" needs either a "command" or a "url"`);
  });

  it("an http(s) URL is Streamable HTTP (server-everything's streamableHttp mode), or HTTP+SSE with --transport sse; --header is sent on every request", async () => {
    const everything = await startEverythingHttp();
    try {
      const ran = await runCli(["call", "echo", "--args", '{"message":"over http"}', "--server", everything.url]);
      expect(ran).toMatchObject({ code: 0, stdout: "Echo: over http\n" });
      const tools = await runCli(["tools", "--server", everything.url, "--json"]);
      expect((jsonOf(tools).tools as { name: string }[]).map((t) => t.name)).toContain("echo");
    } finally {
      await everything.stop();
    }
    const sse = await startEverythingHttp("sse");
    try {
      const ran = await runCli(["call", "echo", "--args", '{"message":"over sse"}', "--server", sse.url, "--transport", "sse"]);
      expect(ran).toMatchObject({ code: 0, stdout: "Echo: over sse\n" });
    } finally {
      await sse.stop();
    }
    const headers = await runCli(["call", "never", "--server", fixture.url, "--header", "X-Trace: cli-test-1", "--header", "Authorization: Bearer abc"]);
    expect(headers.code).toBe(0);
    const seen = await fixture.nextLine(/^headers .*cli-test-1/);
    expect(JSON.parse(seen.slice("headers ".length))).toMatchObject({ "x-trace": "cli-test-1", authorization: "Bearer abc" });
  });
});
