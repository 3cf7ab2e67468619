// Issue 22: `--record <file>` writes the run's recording (.mcprec) against real servers: every line valid
// against shared/recording.schema.json (compiled here on its own, not through the reader), secrets left
// out of the header and redacted in the messages, a big message kept to the bound with the cut said.
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Ajv } from "ajv";
import { describe, expect, it } from "vitest";
import schema from "../../shared/recording.schema.json";
import { readRecording } from "../../main/core/recordings/reader.js";
import { EVERYTHING, everythingStdio, fixtureStdio, jsonOf, runCli } from "./harness.js";

const dir = () => mkdtempSync(join(tmpdir(), "rec-"));

/** Every line of the file against the schema, with a fresh Ajv: the file as any other tool would check it. */
function expectValid(path: string): unknown[] {
  const ajv = new Ajv({ strict: false });
  ajv.addSchema(schema);
  const header = ajv.getSchema(`${schema.$id}#/definitions/header`)!;
  const line = ajv.getSchema(`${schema.$id}#/definitions/line`)!;
  const lines = readFileSync(path, "utf8").split("\n");
  expect(lines.pop()).toBe("");
  const values = lines.map((l) => JSON.parse(l) as unknown);
  expect(header(values[0]), JSON.stringify(header.errors)).toBe(true);
  for (const value of values.slice(1)) expect(line(value), `${JSON.stringify(value).slice(0, 300)}: ${JSON.stringify(line.errors)}`).toBe(true);
  return values;
}

describe("CLI --record (issue 22)", () => {
  it("tools --record against server-everything (stdio): a header with era, versions and server, then every wire message in order, valid against the schema", async () => {
    const file = join(dir(), "tools.mcprec");
    const ran = await runCli(["tools", "--server", everythingStdio, "--record", file, "--json"]);
    expect(ran.code).toBe(0);
    expect(ran.stderr).toMatch(/Recording written to .*tools\.mcprec \(\d+ lines\)/);
    const [header, ...lines] = expectValid(file) as [Record<string, unknown>, ...Record<string, unknown>[]];
    expect(header).toMatchObject({ mcprec: 1, inspector: { name: "mcp-task-inspector" }, era: "legacy", protocolVersion: "2025-11-25", server: { transport: "stdio", command: process.execPath, args: [EVERYTHING, "stdio"] }, serverInfo: { name: "mcp-servers/everything" } });
    const messages = lines.filter((l) => "dir" in l) as { t: number; dir: string; msg: { method?: string; id?: unknown; result?: { tools?: unknown[] } } }[];
    const initialize = messages.findIndex((m) => m.dir === "out" && m.msg.method === "initialize");
    const list = messages.findIndex((m) => m.dir === "out" && m.msg.method === "tools/list");
    expect(initialize).toBeGreaterThanOrEqual(0);
    expect(list).toBeGreaterThan(initialize);
    const answer = messages.find((m) => m.dir === "in" && m.msg.id === messages[list]!.msg.id && m.msg.result);
    expect(answer!.msg.result!.tools).toEqual((jsonOf(ran) as { tools: unknown[] }).tools);
    // Monotonic time, in wire order; stderr lines of the stdio server are kept too.
    const times = lines.map((l) => l.t as number);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(lines.some((l) => typeof l.stderr === "string")).toBe(true);
    expect(readRecording(file).lines.length).toBe(lines.length);
  });

  it("secrets are left out: env values never written (names only), an env value and a bearer token in a message redacted", async () => {
    const folder = dir();
    const servers = join(folder, "servers.json");
    const secret = "sk-live-0123456789abcdef";
    writeFileSync(servers, JSON.stringify({ mcpServers: { everything: { command: process.execPath, args: [EVERYTHING, "stdio"], env: { API_KEY: secret } } } }));
    const file = join(folder, "secret.mcprec");
    const ran = await runCli(["call", "echo", "--args", JSON.stringify({ message: `key ${secret} and Bearer eyJhbGciOi.abc.def` }), "--server", "everything", "--servers-file", servers, "--record", file]);
    expect(ran.code).toBe(0);
    expect(ran.stdout).toContain(secret); // the run itself shows what the server said…
    const text = readFileSync(file, "utf8");
    expect(text).not.toContain(secret); // …the recording never keeps it
    expect(text).not.toContain("eyJhbGciOi");
    const [header] = expectValid(file) as [{ server: Record<string, unknown> }];
    expect(header.server).toMatchObject({ envNames: ["API_KEY"] });
    expect(JSON.stringify(header)).not.toContain("env\":");
    expect(text).toContain("Echo: key [redacted] and Bearer [redacted]");
  });

  it("a message over the bound is kept as a structural cut that says its full size", async () => {
    const file = join(dir(), "big.mcprec");
    // hostile-content lists a tool whose description is 1 MB.
    const ran = await runCli(["tools", "--server", fixtureStdio("hostile-server.mjs", "hostile-content"), "--record", file, "--quiet"]);
    expect(ran.code).toBe(0);
    const values = expectValid(file) as Record<string, unknown>[];
    const answer = values.find((v) => (v as { msg?: { result?: { tools?: unknown } } }).msg?.result?.tools) as { cut: { bytes: number; kept: number }; msg: unknown };
    expect(answer.cut.bytes).toBeGreaterThan(1024 * 1024);
    expect(answer.cut.kept).toBeLessThanOrEqual(256 * 1024);
    expect(JSON.stringify(answer.msg)).toMatch(/… \(1,0\d\d,\d\d\d characters\)/);
    const longest = Math.max(...readFileSync(file, "utf8").split("\n").map((l) => l.length));
    expect(longest).toBeLessThan(300 * 1024);
  });

  it("a 2026-07-28 server (stdio) is recorded with era modern and its server/discover", async () => {
    const file = join(dir(), "modern.mcprec");
    const ran = await runCli(["tools", "--server", fixtureStdio("modern/modern-server.mjs", "--modern-only"), "--record", file, "--quiet"]);
    expect(ran.code).toBe(0);
    const [header, ...lines] = expectValid(file) as [Record<string, unknown>, ...{ dir?: string; msg?: { method?: string } }[]];
    expect(header).toMatchObject({ era: "modern", protocolVersion: "2026-07-28" });
    expect(lines.some((l) => l.dir === "out" && l.msg?.method === "server/discover")).toBe(true);
  });

  it("--record on servers is a usage error; an unwritable path is said, exit 2", async () => {
    const usage = await runCli(["servers", "--record", "x.mcprec"]);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toMatch(/--record needs a server/);
    const unwritable = await runCli(["tools", "--server", everythingStdio, "--record", join(dir(), "no", "such", "dir", "f.mcprec"), "--quiet"]);
    expect(unwritable.code).toBe(2);
    expect(unwritable.stderr).toMatch(/could not write the recording to .*f\.mcprec: ENOENT/);
  });
});
