// The connection doctor against real servers over real stdio pipes and loopback sockets: server-everything
// (every step passed) and fixtures for each failure it must name, hostile ones included (each ends on its
// bound and says so).
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { createServer as createHttpsServer, type Server } from "node:https";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { diagnose } from "../../main/core/doctor/doctor.js";
import { resolveCommand } from "../../main/core/doctor/resolveCommand.js";
import type { DoctorReport } from "../../shared/doctor.js";
import { ServerConfigSchema } from "../../shared/types.js";
import { EVERYTHING, fixture, startEverythingHttp, startHttpFixture, type ServerProcess } from "../cli/harness.js";

const stdio = (command: string, args: string[], era: "auto" | "2025-11-25" | "2026-07-28" = "auto") => ServerConfigSchema.parse({ name: "t", era, transport: { type: "stdio", command, args } });
const http = (url: string, extra: Record<string, unknown> = {}) => ServerConfigSchema.parse({ name: "t", transport: { type: "streamableHttp", url }, ...extra });
const step = (report: DoctorReport, id: string) => {
  const found = report.steps.find((s) => s.id === id);
  if (!found) throw new Error(`no step ${id} in ${report.steps.map((s) => s.id).join(", ")}`);
  return found;
};
const doctorFixture = (mode: string) => stdio(process.execPath, [fixture("doctor/stdio-server.mjs"), mode]);
const FAST = { timeoutMs: 1500, probeMs: 300 };

describe("doctor: stdio", () => {
  it("server-everything: every step passed, in order", async () => {
    const report = await diagnose(stdio(process.execPath, [EVERYTHING, "stdio"]));
    expect(report.steps.map((s) => [s.id, s.status])).toEqual([
      ["stdio.command", "passed"],
      ["stdio.start", "passed"],
      ["stdio.stdout", "passed"],
      ["stdio.handshake", "passed"],
      ["stdio.era", "passed"],
      ["stdio.capabilities", "passed"],
    ]);
    expect(step(report, "stdio.command").seen).toContain(process.execPath);
    expect(step(report, "stdio.era").seen).toMatch(/^2025-11-25 era, protocol version 2025-11-25; server\/discover( answered error|: no answer in)/);
    expect(step(report, "stdio.capabilities").seen).toContain("tools");
    expect(report).toMatchObject({ transport: "stdio", failed: 0 });
  });

  it("a 2026-07-28 server: server/discover answers, the era is modern, its capabilities are read from it", async () => {
    // Pinned, so a loaded machine's slow start cannot run out Auto's 2 s probe and fall back to initialize.
    const report = await diagnose(stdio(process.execPath, [fixture("modern/modern-server.mjs")], "2026-07-28"));
    expect(report.failed).toBe(0);
    expect(step(report, "stdio.handshake").seen).toMatch(/^server\/discover answered in [\d.]+ m?s by modern-fixture 2\.0\.0$/);
    expect(step(report, "stdio.era").seen).toMatch(/^server\/discover answered: supports .*2026-07-28.*; speaking 2026-07-28$/);
    expect(step(report, "stdio.capabilities").seen).toContain("tools");
  });

  it("a command on no PATH folder: the folders are named, and the rest is skipped", async () => {
    const report = await diagnose(ServerConfigSchema.parse({ name: "t", transport: { type: "stdio", command: "no-such-mcp-server-xyz", args: [], env: { PATH: "/nowhere:/also-nowhere" } } }));
    expect(step(report, "stdio.command")).toMatchObject({ status: "failed", seen: expect.stringContaining("/nowhere:/also-nowhere") });
    expect(report.steps.slice(1).every((s) => s.status === "skipped")).toBe(true);
  });

  it("Windows: npx found only as npx.cmd is said plainly (and a missing one says npx.cmd)", async () => {
    const files = new Set(["C:\\node\\npx.cmd"]);
    const resolution = resolveCommand("npx", { env: { Path: "C:\\tools;C:\\node" }, cwd: "C:\\", platform: "win32", isExecutable: (p) => files.has(p) });
    expect(resolution).toEqual({ found: "C:\\node\\npx.cmd", tried: ["C:\\tools", "C:\\node"], cmdScript: true });
    const report = await diagnose(ServerConfigSchema.parse({ name: "t", transport: { type: "stdio", command: "npx", args: ["-y", "x"], env: { PATH: "/nowhere" } } }), { platform: "win32" });
    expect(step(report, "stdio.command").fix).toContain('On Windows, npx is npx.cmd: use "npx.cmd" or "cmd /c npx …"');
  });

  it("a process that exits: its exit code and the end of its stderr", async () => {
    const report = await diagnose(doctorFixture("exits"), FAST);
    expect(step(report, "stdio.start")).toMatchObject({ status: "failed", seen: expect.stringMatching(/exited with code 3 after .*stderr ends: Error: API_KEY is not set/) });
    expect(step(report, "stdio.handshake")).toMatchObject({ status: "failed", seen: expect.stringContaining("the process ended before answering") });
  });

  it("a server that logs to stdout: the line is quoted and the fix said; its answer still counts", async () => {
    const report = await diagnose(doctorFixture("logs-to-stdout"), FAST);
    expect(step(report, "stdio.stdout")).toMatchObject({
      status: "failed",
      seen: expect.stringContaining("the first line is not JSON: Server starting on stdio… loading config"),
      fix: expect.stringContaining("The server writes logs to stdout; MCP needs stdout for messages: log to stderr"),
    });
    expect(step(report, "stdio.handshake").status).toBe("passed");
    expect(report.failed).toBe(1);
  });

  it("an endless stdout line ends on the line bound, and says so", async () => {
    const report = await diagnose(doctorFixture("endless-line"), { ...FAST, timeoutMs: 20_000, maxLineBytes: 256 * 1024 });
    expect(step(report, "stdio.stdout")).toMatchObject({ status: "failed", bounded: true, seen: expect.stringContaining("one line of more than 262144 bytes with no newline") });
    expect(step(report, "stdio.handshake").seen).toContain("stdout gave one line of more than 262144 bytes");
  });

  it("a server that never answers: the opening request ends on the time-out, and says so", async () => {
    const report = await diagnose(doctorFixture("silent"), FAST);
    expect(step(report, "stdio.start").status).toBe("passed");
    expect(step(report, "stdio.handshake")).toMatchObject({ status: "failed", bounded: true, seen: expect.stringContaining("no answer within 1.5 s") });
    expect(step(report, "stdio.era").status).toBe("skipped");
  });

  it("an entry pinned to 2026-07-28 against a 2025-11-25 server: no answer to server/discover is the failure", async () => {
    const report = await diagnose(stdio(process.execPath, [fixture("doctor/stdio-server.mjs"), "ok"], "2026-07-28"), FAST);
    expect(step(report, "stdio.handshake")).toMatchObject({ status: "failed", seen: expect.stringContaining("server/discover") });
  });
});

describe("doctor: HTTP", () => {
  let hostile: ChildProcess;
  let port = 0;
  let stalledPort = 0;
  const started: ServerProcess[] = [];
  beforeAll(async () => {
    hostile = spawn(process.execPath, [fixture("doctor/http-server.mjs")], { stdio: ["ignore", "pipe", "inherit"] });
    const line = await new Promise<string>((resolve) => hostile.stdout!.setEncoding("utf8").once("data", resolve));
    [port, stalledPort] = line.trim().split(" ").slice(1).map(Number) as [number, number];
  });
  afterAll(() => void hostile.kill("SIGKILL"));
  afterEach(async () => {
    await Promise.all(started.splice(0).map((s) => s.stop()));
  });
  const at = (path: string) => `http://127.0.0.1:${port}${path}`;

  it("server-everything over Streamable HTTP: no step failed", async () => {
    const everything = await startEverythingHttp();
    started.push(everything);
    const report = await diagnose(http(everything.url), { env: {} });
    const failedSteps = report.steps.filter((s) => s.status === "failed");
    expect(failedSteps).toEqual([]);
    expect(report.steps.filter((s) => s.status === "passed").map((s) => s.id)).toEqual(["http.url", "http.dns", "http.tcp", "http.post", "http.contentType", "http.handshake", "http.session", "http.capabilities", "http.origin", "http.era"]);
    expect(step(report, "http.session").seen).toContain("Mcp-Session-Id given");
    expect(step(report, "http.tls").seen).toBe("http: no TLS");
    expect(report.steps.filter((s) => s.id.startsWith("auth.")).every((s) => s.status === "skipped" && s.seen === "the server did not ask for authorization")).toBe(true);
  });

  it("a dual-era server over HTTP: the era probe says it speaks 2026-07-28", async () => {
    const modern = await startHttpFixture("modern/modern-http-server.mjs");
    started.push(modern);
    const report = await diagnose(http(modern.url), { env: {} });
    expect(report.failed).toBe(0);
    expect(step(report, "http.era").seen).toMatch(/^server\/discover answered over HTTP: supports .*2026-07-28/);
  });

  it("a wrong path: 404, the paths tried, and the one that answers", async () => {
    const report = await diagnose(http(at("/wrong")), { env: {} });
    expect(step(report, "http.post")).toMatchObject({ status: "failed", seen: expect.stringContaining("paths tried: /wrong (404), /mcp (200)"), fix: `Wrong path: the server answers at ${at("/mcp")}; use that URL.` });
    // The app offers it as one button: the change to the entry, exactly.
    expect(step(report, "http.post").use).toEqual({ transport: "streamableHttp", url: at("/mcp") });
    expect(step(report, "http.handshake").status).toBe("skipped");
  });

  it("an SSE-only server: 405 on POST, and a GET stream naming its endpoint", async () => {
    const report = await diagnose(http(at("/sse")), { env: {} });
    expect(step(report, "http.post")).toMatchObject({ status: "failed", seen: expect.stringContaining("naming the endpoint /messages?sessionId=abc"), fix: expect.stringContaining("SSE-only server"), use: { transport: "sse", url: at("/sse") } });
  });

  it("an SSE-only server whose POST is 404 (a GET route only): the transport is named, not a wrong path, with the Streamable HTTP path found", async () => {
    const report = await diagnose(http(at("/events")), { env: {} });
    expect(step(report, "http.post")).toMatchObject({
      status: "failed",
      seen: expect.stringMatching(/^404 Not Found for POST at \/events; a GET answers with text\/event-stream naming the endpoint \/messages\?sessionId=abc; paths tried: \/events \(404\), \/mcp \(200\)$/),
      fix: `This URL speaks the deprecated HTTP+SSE transport: choose the SSE transport for it or Streamable HTTP at ${at("/mcp")}, which replaces it.`,
      // The one offered as a button is the transport that replaces the deprecated one.
      use: { transport: "streamableHttp", url: at("/mcp") },
    });
    // A plain 404 is still a wrong path.
    expect(step(await diagnose(http(at("/api")), { env: {} }), "http.post").fix).toBe(`Wrong path: the server answers at ${at("/mcp")}; use that URL.`);
  });

  it("an entry on the SSE transport: the stream opens and names its endpoint (a note that HTTP+SSE is deprecated)", async () => {
    const report = await diagnose(ServerConfigSchema.parse({ name: "t", transport: { type: "sse", url: at("/sse") } }), { env: {} });
    expect(report.transport).toBe("sse");
    expect(step(report, "http.sse")).toMatchObject({ status: "passed", seen: "an event stream opened and named the endpoint /messages?sessionId=abc", fix: expect.stringContaining("deprecated") });
    expect(report.failed).toBe(0);
  });

  it("a redirect loop ends at the first URL seen twice", async () => {
    const report = await diagnose(http(at("/loop")), { env: {} });
    expect(step(report, "http.post")).toMatchObject({ status: "failed", bounded: true, seen: "a redirect loop: /loop → /loop2 → /loop (307); stopped at the first URL seen twice" });
  });

  it("a server that trickles a byte a second ends on the step's time bound", async () => {
    const report = await diagnose(http(at("/trickle")), { env: {}, timeoutMs: 1500 });
    expect(step(report, "http.post")).toMatchObject({ status: "failed", bounded: true, seen: expect.stringContaining("no complete answer within 1.5 s") });
  });

  it("1 MB of headers ends on the header bound", async () => {
    const report = await diagnose(http(at("/huge-headers")), { env: {} });
    expect(step(report, "http.post")).toMatchObject({ status: "failed", bounded: true, seen: "the answer's headers are larger than 64 KB: reading stopped there" });
  });

  it("a TLS server that never finishes the handshake ends on the time bound", async () => {
    const report = await diagnose(http(`https://127.0.0.1:${stalledPort}/mcp`), { env: {}, timeoutMs: 1000 });
    expect(step(report, "http.tcp").status).toBe("passed");
    expect(step(report, "http.tls")).toMatchObject({ status: "failed", bounded: true, seen: "the TLS handshake did not finish within 1 s" });
    expect(step(report, "http.post").status).toBe("skipped");
  });

  it("nothing listening: ECONNREFUSED said as such", async () => {
    const report = await diagnose(http("http://127.0.0.1:1/mcp"), { env: {} });
    expect(step(report, "http.tcp")).toMatchObject({ status: "failed", fix: "Nothing listens on port 1: start the server, or check the port." });
  });

  it("proxies named by the environment are reported without their credentials", async () => {
    const report = await diagnose(http(at("/mcp")), { env: { HTTP_PROXY: "http://user:secret@proxy.example:3128" } });
    expect(step(report, "http.proxy").seen).toBe("HTTP_PROXY names http://proxy.example:3128 (credentials not shown)");
    expect(JSON.stringify(report)).not.toContain("secret");
  });

  describe("a self-signed certificate", () => {
    let server: Server;
    let tlsPort = 0;
    beforeAll(async () => {
      const dir = mkdtempSync(join(tmpdir(), "doctor-tls-"));
      execFileSync("openssl", ["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-keyout", join(dir, "key.pem"), "-out", join(dir, "cert.pem"), "-days", "30", "-subj", "/CN=doctor.test"], { stdio: "ignore" });
      server = createHttpsServer({ key: readFileSync(join(dir, "key.pem")), cert: readFileSync(join(dir, "cert.pem")) }, (_req, res) => res.writeHead(404).end());
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
      tlsPort = (server.address() as { port: number }).port;
    });
    afterAll(() => void server.close());

    it("is said plainly, with its subject, issuer and expiry", async () => {
      const report = await diagnose(http(`https://127.0.0.1:${tlsPort}/mcp`), { env: {} });
      expect(step(report, "http.tls")).toMatchObject({
        status: "failed",
        seen: expect.stringMatching(/^a self-signed certificate: subject doctor\.test, issuer doctor\.test, valid until .* \((29|30) day\(s\) left\)$/),
        fix: expect.stringContaining("NODE_EXTRA_CA_CERTS"),
      });
    });
  });
});

describe("doctor: authorization", () => {
  const started: ServerProcess[] = [];
  afterEach(async () => {
    await Promise.all(started.splice(0).map((s) => s.stop()));
  });
  const oauth = async (...args: string[]) => {
    const server = await startHttpFixture("oauth-server.mjs", args);
    started.push(server);
    return server.url;
  };

  it("an authorization server without registration: what was found, and that a client must be registered beforehand", async () => {
    const url = await oauth("--no-dcr");
    const report = await diagnose(http(url), { env: {} });
    const origin = new URL(url).origin;
    expect(step(report, "http.post").seen).toContain("401");
    expect(step(report, "auth.challenge")).toMatchObject({ status: "passed", seen: expect.stringContaining(`resource_metadata ${origin}/.well-known/oauth-protected-resource`) });
    expect(step(report, "auth.resourceMetadata")).toMatchObject({ status: "passed", seen: expect.stringContaining(`authorization server ${origin}/as`) });
    expect(step(report, "auth.serverMetadata")).toMatchObject({ status: "passed", seen: expect.stringContaining(`issuer ${origin}/as`) });
    expect(step(report, "auth.pkce").status).toBe("passed");
    expect(step(report, "auth.registration")).toMatchObject({ status: "failed", fix: expect.stringContaining("register the inspector with it") });
    expect(step(report, "auth.token").status).toBe("skipped");
    expect(step(report, "auth.dpop")).toMatchObject({ status: "passed", seen: "not required" });
  });

  it("dynamic registration, a held token described without its value, PKCE missing, and DPoP required", async () => {
    const url = await oauth("--no-pkce", "--dpop");
    const report = await diagnose(http(url), { env: {}, heldToken: async () => ({ expiresAt: Date.now() + 30 * 60_000, scope: "mcp", tokenType: "DPoP", hasRefreshToken: true }) });
    expect(step(report, "auth.registration")).toMatchObject({ status: "passed", seen: expect.stringContaining("dynamic registration at") });
    expect(step(report, "auth.pkce")).toMatchObject({ status: "failed", seen: "no code_challenge_methods_supported in the metadata" });
    expect(step(report, "auth.token")).toMatchObject({ status: "passed", seen: expect.stringMatching(/^a DPoP token \(value not shown\); expires in (29|30) min; scopes mcp; a refresh token is held$/) });
    expect(step(report, "auth.dpop")).toMatchObject({ status: "passed", seen: expect.stringContaining("required") });
  });
});
