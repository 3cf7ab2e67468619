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
    // The UI itself is public (it holds no secret); without the token it cannot reach the core, and says so.
    const bare = await page.goto(server.origin);
    expect(bare?.status()).toBe(200);
    // One page that says which URL to open (whichever command started the inspector), not the workspace.
    await page.getByRole("alert").filter({ hasText: "Open the full URL that was printed when the inspector started" }).waitFor();
    const stale = await page.goto(`${server.origin}/?token=from-an-earlier-run`);
    expect(stale?.status()).toBe(403);
    expect(await page.textContent("body")).toContain("wrong token");
  });
});

describe("browser mode's token never leaves its page", () => {
  it("another service on 127.0.0.1 never sees it: no cookie, no URL, no Referer; the page keeps working after a reload", async () => {
    const seen: { url: string; headers: Record<string, unknown> }[] = [];
    const other = createServer((request, response) => {
      seen.push({ url: request.url ?? "", headers: request.headers });
      response.writeHead(200, { "Content-Type": "text/html" });
      response.end("<!doctype html><title>another local service</title><img src='/pixel'>");
    });
    await new Promise<void>((resolve) => other.listen(0, "127.0.0.1", resolve));
    attackers.push(() => new Promise((resolve) => other.close(() => resolve())));
    const otherUrl = `http://127.0.0.1:${(other.address() as AddressInfo).port}/`;

    const app = await openApp();
    await app.page.getByText("Everything (demo)", { exact: true }).waitFor();
    // The address bar no longer shows the token.
    expect(app.page.url()).not.toContain(app.server.token);
    // Same browser, same context: a cookie for 127.0.0.1 would be sent here whatever the port.
    const tab = await app.page.context().newPage();
    await tab.goto(otherUrl);
    await tab.evaluate((url) => fetch(url, { credentials: "include" }).then((r) => r.text()), otherUrl);
    expect(seen.length).toBeGreaterThanOrEqual(2);
    for (const request of seen) expect(JSON.stringify(request)).not.toContain(app.server.token);
    expect((await app.page.context().cookies()).map((c) => c.value)).not.toContain(app.server.token);

    // A reload finds the token in the tab's session storage and reconnects.
    await app.page.reload();
    await app.page.getByText("Everything (demo)", { exact: true }).waitFor();
    expect(await callFromPage(app.page, "listSessions")).toMatchObject({ ok: true });
  });
});
