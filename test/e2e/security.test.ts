// The CVE-2025-49596 scenario in a real browser: a web page the user happens to visit tries to
// reach browser mode on 127.0.0.1. Even when it knows the token, it must not get in, and nothing starts.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { callFromPage, launchChromium, openApp, startBrowserMode } from "./app.js";

const attackers: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of attackers.splice(0)) await close();
});

/** Another site: any page on another origin (here another port on 127.0.0.1). */
async function startAttackerSite(): Promise<string> {
  const server = createServer((_request, response) => {
    response.writeHead(200, { "Content-Type": "text/html" });
    response.end("<!doctype html><title>some other site</title><p>nothing to see</p>");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  attackers.push(() => new Promise((resolve) => server.close(() => resolve())));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
}

describe("browser mode refuses other web pages", () => {
  it("a page on another origin cannot open the API socket, even with the token, and nothing starts", async () => {
    const app = await openApp();
    const apiUrl = `${app.server.origin.replace("http:", "ws:")}/api?token=${app.server.token}`;
    const attacker = await app.browser.newPage();
    await attacker.goto(await startAttackerSite());

    const outcome = await attacker.evaluate(
      ({ apiUrl, node }) =>
        new Promise<string>((resolve) => {
          const socket = new WebSocket(apiUrl);
          socket.onopen = () => {
            // What an attacker would do at once: start a process of its choosing.
            socket.send(JSON.stringify({ type: "call", id: 1, method: "connect", params: { server: { name: "pwn", transport: { type: "stdio", command: node, args: ["-e", "1"] } } } }));
            resolve("opened");
          };
          socket.onclose = (event) => resolve(`closed ${event.code}`);
        }),
      { apiUrl, node: process.execPath },
    );
    expect(outcome).toBe("closed 1006");

    // Reading the inspector page from the other origin is blocked too (no CORS grant).
    const read = await attacker.evaluate((url) => fetch(url).then((r) => r.text()).then(() => "read", () => "blocked"), app.url);
    expect(read).toBe("blocked");

    await app.server.waitForStderr(/Refused: the WebSocket's Origin "http:\/\/127\.0\.0\.1:\d+" is not the inspector page's own/);
    expect(await callFromPage(app.page, "listSessions")).toEqual({ ok: true, result: [] });
  });

  it("a DNS-rebound host name reaching 127.0.0.1 is refused, even with the token", async () => {
    const server = await startBrowserMode();
    const port = new URL(server.url).port;
    const browser = await launchChromium(["--host-resolver-rules=MAP rebound.example 127.0.0.1"]);
    const page = await browser.newPage();
    const response = await page.goto(`http://rebound.example:${port}/?token=${server.token}`);
    expect(response?.status()).toBe(403);
    expect(await page.textContent("body")).toContain('does not answer to the host name "rebound.example');
  });

  it("the printed URL without its token, or with another run's, shows why it is refused", async () => {
    const server = await startBrowserMode();
    const browser = await launchChromium();
    const page = await browser.newPage();
    const bare = await page.goto(server.origin);
    expect(bare?.status()).toBe(401);
    expect(await page.textContent("body")).toContain("Open the full URL that `npm run web` printed");
    const stale = await page.goto(`${server.origin}/?token=from-an-earlier-run`);
    expect(stale?.status()).toBe(403);
    expect(await page.textContent("body")).toContain("wrong token");
  });
});
