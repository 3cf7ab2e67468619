// Browser mode must never let a caller without this run's token, or a page from another origin,
// reach the core: the official MCP Inspector's proxy once let any web page start processes
// (CVE-2025-49596). Each refusal is checked for a clear message and for nothing having started.
import { connect } from "node:net";
import { describe, expect, it } from "vitest";
import { attemptSocket, httpGet as get, rawClient, startTestWebServer, type TestWebServer } from "./fixture.js";

/** After a refusal: a legitimate client sees no session, and the marker process never ran. */
async function expectNothingStarted(test: TestWebServer): Promise<void> {
  const client = await rawClient(test);
  const sessions = await client.request(9_999, { type: "call", method: "listSessions", params: {} });
  expect(sessions).toMatchObject({ ok: true, result: [] });
  expect(await test.markerExists()).toBe(false);
}

function connectMessage(test: TestWebServer, id = 1) {
  return JSON.stringify({ type: "call", id, method: "connect", params: { server: test.markerServer() } });
}

describe("browser mode: the page over HTTP", () => {
  it("serves the UI (which holds no secret) without a token and without any cookie; a wrong token in the URL is refused; a strict CSP", async () => {
    const test = await startTestWebServer();
    const { origin, token } = test.server;

    // A reload after the page dropped ?token= from the address bar: the page and its assets load.
    const bare = await get(`${origin}/`);
    expect(bare.status).toBe(200);
    expect((await get(`${origin}/assets/app.js`)).status).toBe(200);

    const wrong = await get(`${origin}/?token=${token.slice(0, -1)}x`);
    expect(wrong.status).toBe(403);
    expect(wrong.body).toMatch(/wrong token/i);

    const page = await get(`${origin}/?token=${token}`);
    expect(page.status).toBe(200);
    expect(page.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(page.headers["content-security-policy"]).toContain("script-src 'self';");
    expect(page.headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    // Audio content plays from data: URLs, and from nowhere else (issue 13).
    expect(page.headers["content-security-policy"]).toContain("media-src 'self' data:;");
    expect(page.headers["referrer-policy"]).toBe("no-referrer");
    expect(page.headers["x-content-type-options"]).toBe("nosniff");
    // Chromium would send a 127.0.0.1 cookie to every port on 127.0.0.1: the token is never put in one.
    expect(page.headers["set-cookie"]).toBeUndefined();
    expect(page.body).not.toContain(token);
    const asset = await get(`${origin}/assets/app.js`);
    expect(asset.headers["content-type"]).toBe("text/javascript; charset=utf-8");
    expect(asset.headers["set-cookie"]).toBeUndefined();
  });

  it("refuses a foreign Host (DNS rebinding), other methods, and paths outside the renderer folder", async () => {
    const test = await startTestWebServer();
    const { origin, token, port } = test.server;

    const rebound = await get(`${origin}/?token=${token}`, { headers: { host: `attacker.example:${port}` } });
    expect(rebound.status).toBe(403);
    expect(rebound.body).toContain("does not answer to the host name");

    const post = await get(`${origin}/?token=${token}`, { method: "POST" });
    expect(post.status).toBe(405);

    for (const path of ["/../secret.txt", "/%2e%2e/secret.txt", "/assets/..%2f..%2fsecret.txt", "/%00"]) {
      const reply = await get(`${origin}${path}?token=${token}`);
      expect(reply.status, path).toBe(404);
      expect(reply.body).not.toContain("outside the renderer folder");
    }
  });

  it("listens on 127.0.0.1 only unless told otherwise by the loudly named option", async () => {
    const test = await startTestWebServer();
    expect(test.server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\?token=[\w-]{43}$/);
    // Linux routes all of 127/8 to loopback: a wildcard bind would answer on 127.0.0.2, ours must not.
    const refused = await new Promise<string>((resolve) => {
      const socket = connect(test.server.port, "127.0.0.2");
      socket.on("connect", () => {
        socket.destroy();
        resolve("connected");
      });
      socket.on("error", (error: NodeJS.ErrnoException) => resolve(error.code ?? "error"));
    });
    expect(refused).toBe("ECONNREFUSED");

    const other = await startTestWebServer({ unsafeBindAddress: "127.0.0.2" });
    expect(other.server.url).toMatch(/^http:\/\/127\.0\.0\.2:\d+\//);
    expect((await get(other.server.url)).status).toBe(200);
  });

  it("gives each run its own token", async () => {
    const a = await startTestWebServer();
    const b = await startTestWebServer();
    expect(a.server.token).not.toBe(b.server.token);
    expect((await get(`${a.server.origin}/?token=${b.server.token}`)).status).toBe(403);
  });
});

describe("browser mode: the API WebSocket", () => {
  it("refuses a socket without a token, with a wrong token, from a foreign Origin, without an Origin, for a foreign Host or another path; nothing starts", async () => {
    const test = await startTestWebServer();
    const { origin, port, token, apiUrl } = test.server;
    const base = apiUrl.slice(0, apiUrl.indexOf("?"));
    // Were any of these accepted, the client would at once ask the core to start the marker process.
    const attack = (socket: { send(text: string): void }) => socket.send(connectMessage(test));

    const cases = [
      { what: "no token", url: base, headers: { origin }, status: 401, message: /no token/i },
      { what: "wrong token", url: `${base}?token=${"A".repeat(43)}`, headers: { origin }, status: 403, message: /wrong token/i },
      { what: "empty token", url: `${base}?token=`, headers: { origin }, status: 401, message: /no token/i },
      { what: "foreign Origin", url: apiUrl, headers: { origin: "http://attacker.example" }, status: 403, message: /Origin "http:\/\/attacker.example" is not the inspector page's own/ },
      { what: "another local port's Origin", url: apiUrl, headers: { origin: `http://127.0.0.1:${port + 1}` }, status: 403, message: /Origin/ },
      { what: "no Origin", url: apiUrl, headers: {}, status: 403, message: /Origin is missing/ },
      { what: "foreign Host", url: apiUrl, headers: { origin: `http://attacker.example:${port}`, host: `attacker.example:${port}` }, status: 403, message: /host name/ },
      { what: "another path", url: apiUrl.replace("/api?", "/other?"), headers: { origin }, status: 403, message: /the API is at \/api/ },
      { what: "the token in a cookie only", url: base, headers: { origin, cookie: `mcp-task-inspector-${port}=${token}` }, status: 401, message: /no token/i },
    ];
    for (const c of cases) {
      const attempt = await attemptSocket(c.url, c.headers, attack);
      expect(attempt.opened, c.what).toBe(false);
      if (attempt.opened) continue;
      expect(attempt.status, c.what).toBe(c.status);
      expect(attempt.body, c.what).toMatch(c.message);
      expect(attempt.body, c.what).not.toContain(token);
    }
    await expectNothingStarted(test);
  });

  it("closes the socket with a reason when a message cannot be answered: not JSON, not an object, no id, binary", async () => {
    const test = await startTestWebServer();
    const cases: Array<{ send: (client: Awaited<ReturnType<typeof rawClient>>) => void; code: number; reason: string }> = [
      { send: (c) => c.sendText(`${connectMessage(test)}}`), code: 1007, reason: "Invalid message: not JSON" },
      { send: (c) => c.sendText("[1,2]"), code: 1007, reason: "Invalid message: expected a JSON object" },
      { send: (c) => c.sendText(JSON.stringify({ type: "call", method: "connect", params: { server: test.markerServer() } })), code: 1007, reason: "Invalid message: missing numeric id" },
      { send: (c) => c.sendText(JSON.stringify({ type: "call", id: "1", method: "connect", params: { server: test.markerServer() } })), code: 1007, reason: "Invalid message: missing numeric id" },
      { send: (c) => c.socket.send(Buffer.from(connectMessage(test)), { binary: true }), code: 1003, reason: "Invalid message: binary frames are not accepted" },
    ];
    for (const c of cases) {
      const client = await rawClient(test);
      c.send(client);
      expect(await client.closed).toEqual({ code: c.code, reason: c.reason });
    }
    await expectNothingStarted(test);
  });

  it("answers a malformed call with a clear error and does nothing: unknown type, unknown method, bad params", async () => {
    const test = await startTestWebServer();
    const client = await rawClient(test);
    const server = test.markerServer();

    expect(await client.request(1, { type: "exec", method: "connect", params: { server } })).toEqual({
      type: "result",
      id: 1,
      ok: false,
      error: { message: 'Unknown message type "exec"; only "call" is accepted' },
    });
    for (const [id, method] of [[2, "spawn"], [3, "constructor"], [4, "__proto__"], [5, "toString"]] as const) {
      expect(await client.request(id, { type: "call", method, params: { server } })).toMatchObject({ ok: false, error: { message: `Unknown method: ${method}` } });
    }
    expect(await client.request(6, { type: "call", method: 42, params: {} })).toMatchObject({ ok: false, error: { message: "Unknown method: 42" } });

    // Params that would start the marker if they were not parsed strictly against the contract.
    const extraKey = await client.request(7, { type: "call", method: "connect", params: { server, spawn: true } });
    expect(extraKey.ok).toBe(false);
    expect(extraKey.error?.message).toMatch(/^Invalid payload for connect: .*spawn/);
    const wrongTransport = await client.request(8, { type: "call", method: "connect", params: { server: { ...server, transport: { ...server.transport, type: "shell" } } } });
    expect(wrongTransport.error?.message).toMatch(/^Invalid payload for connect: server\.transport/);
    const noParams = await client.request(9, { type: "call", method: "connect" });
    expect(noParams.error?.message).toMatch(/^Invalid payload for connect: server/);
    const emptyCommand = await client.request(10, { type: "call", method: "saveServer", params: { server: { name: "x", transport: { type: "stdio", command: "" } } } });
    expect(emptyCommand.error?.message).toBe("Invalid payload for saveServer: server.transport.command: command must not be empty");

    // The socket stays usable after answerable mistakes, and nothing ran.
    expect(await client.request(11, { type: "call", method: "listServers", params: {} })).toMatchObject({ ok: true, result: [{ id: "everything-demo" }] });
    await expectNothingStarted(test);
  });
});
