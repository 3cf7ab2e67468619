// Browser mode's HTTP server after listen: an 'error' on it (EMFILE at accept when file descriptors run
// out) is logged, and the process, every page and every server it runs carry on.
import type { Server } from "node:http";
import { describe, expect, it, vi } from "vitest";

// The HTTP server startWebServer creates, captured so the test can raise what libuv raises at accept.
const created = vi.hoisted(() => ({ servers: [] as Server[] }));
vi.mock("node:http", async (importOriginal) => {
  const real = await importOriginal<typeof import("node:http")>();
  const createServer = ((...args: Parameters<typeof real.createServer>) => {
    const server = real.createServer(...args);
    created.servers.push(server);
    return server;
  }) as typeof real.createServer;
  return { ...real, default: { ...real, createServer }, createServer };
});

const { startTestWebServer, rawClient } = await import("./fixture.js");

describe("browser mode: the HTTP server's errors after listen", () => {
  it("EMFILE at accept is logged, and the server still answers pages and API calls afterwards", async () => {
    const logged: string[] = [];
    const test = await startTestWebServer({ log: (line) => logged.push(line) });
    // Two servers: the page's, then the MCP App sandbox proxy's on its own port (AP4).
    expect(created.servers).toHaveLength(2);
    const emfile = Object.assign(new Error("accept EMFILE"), { code: "EMFILE", errno: -24, syscall: "accept" });
    for (const http of created.servers) {
      expect(http.listening).toBe(true);
      // Without a listener, emit('error') throws: in a real process that is an uncaught exception, the end of it.
      expect(() => http.emit("error", emfile)).not.toThrow();
    }
    expect(logged).toContain("Browser mode: could not accept a connection (too many open files): accept EMFILE");
    expect(logged).toContain("App sandbox: could not accept a connection (too many open files): accept EMFILE");

    // Still serving: the page and the API both answer.
    const page = await fetch(test.server.url);
    expect(page.status).toBe(200);
    const client = await rawClient(test);
    const reply = await client.request(1, { type: "call", method: "getSnapshot", params: {} });
    expect(reply.ok).toBe(true);
  });
});
