// Issue 14 in Chromium, browser mode: a protected server (test/fixtures/oauth-server.mjs) answers 401;
// the entry's Authorization panel shows the steps and the page to approve; the user opens it from the
// panel (confirmed), the browser follows the authorization server's redirect to the loopback receiver,
// and the session connects. Then Sign out / clear tokens.
import { spawn, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { openApp } from "./app.js";
import { chooseServerAction, FLOW_TIMEOUT_MS, serverGroup, waitForText } from "./flows-ui.js";

const FIXTURE = fileURLToPath(new URL("../fixtures/oauth-server.mjs", import.meta.url));
const children: ChildProcess[] = [];

afterEach(async () => {
  for (const child of children.splice(0)) {
    if (child.exitCode !== null || child.signalCode !== null) continue;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill();
    await exited;
  }
});

function startFixture(args: string[] = []): Promise<string> {
  const child = spawn(process.execPath, [FIXTURE, ...args], { stdio: ["ignore", "pipe", "pipe"] });
  children.push(child);
  return new Promise((resolve, reject) => {
    let output = "";
    child.stdout!.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      const port = /listening (\d+)/.exec(output)?.[1];
      if (port) resolve(`http://127.0.0.1:${port}`);
    });
    child.once("exit", (code) => reject(new Error(`fixture exited (${code}): ${output}`)));
  });
}

describe("OAuth in browser mode", () => {
  it("the Authorization panel shows the flow, the page opens from it, the redirect comes back to the loopback receiver, and the session connects; Sign out clears the tokens", { timeout: 240_000 }, async () => {
    const origin = await startFixture();
    const app = await openApp({
      savedServers: [
        {
          id: "protected",
          name: "Protected",
          era: "auto",
          transport: { type: "streamableHttp", url: `${origin}/mcp`, headers: {} },
          features: { sampling: true, elicitationForm: true, elicitationUrl: true, roots: true, receiverTasks: true },
        },
      ],
    });
    const { page } = app;
    const group = serverGroup(page, "Protected");
    await group.getByRole("button", { name: "Connect", exact: true }).click();
    await waitForText(group, /Authorization \(\d+ steps, waiting for you\)/);
    const steps = group.getByRole("list", { name: "Authorization steps of Protected" });
    await waitForText(steps, /Challenge[\s\S]*Discovery[\s\S]*Registration[\s\S]*Authorization/);
    await app.screenshot("oauth-waiting");

    // The page is the server's link: confirmed, then opened by the page itself (browser mode has no opener).
    const popup = page.context().waitForEvent("page");
    await group.getByRole("button", { name: "Open URL…", exact: true }).click();
    await group.getByRole("alertdialog", { name: "Open this link?" }).getByRole("button", { name: "Open link", exact: true }).click();
    const tab = await popup;
    await tab.waitForURL(/^http:\/\/127\.0\.0\.1:\d+\/callback\?/, { timeout: FLOW_TIMEOUT_MS });
    await tab.getByText("Signed in.", { exact: false }).waitFor({ timeout: FLOW_TIMEOUT_MS });

    await group.getByText("connected", { exact: true }).waitFor({ timeout: FLOW_TIMEOUT_MS });
    await waitForText(group, /Authorization \(\d+ steps, authorized\)/);
    await app.screenshot("oauth-authorized");

    await group.getByRole("button", { name: "Disconnect", exact: true }).click();
    await chooseServerAction(page, "Protected", "Sign out (clear tokens)");
    await waitForText(group.getByRole("status"), "Signed out: the tokens kept for this server were cleared.");
    expect(app.pageErrors).toEqual([]);
    await app.close();
  });

  it("issue 24: a workload-identity entry with DPoP connects without a browser, and the Authorization panel shows each proof's header and claims; the editor offers the grants", { timeout: 240_000 }, async () => {
    const origin = await startFixture(["--dpop", "--dpop-nonce"]);
    const { jwt } = (await (await fetch(`${origin}/__test/workload-jwt`)).json()) as { jwt: string };
    const app = await openApp({
      savedServers: [
        {
          id: "workload",
          name: "Workload",
          era: "auto",
          transport: { type: "streamableHttp", url: `${origin}/mcp`, headers: {} },
          features: { sampling: true, elicitationForm: true, elicitationUrl: true, roots: true, receiverTasks: true },
          oauth: { grant: "jwt_bearer", clientId: "workload-client", assertion: jwt, scope: "mcp", dpop: true },
        },
      ],
    });
    const { page } = app;
    const group = serverGroup(page, "Workload");
    await group.getByRole("button", { name: "Connect", exact: true }).click();
    await group.getByText("connected", { exact: true }).waitFor({ timeout: FLOW_TIMEOUT_MS });
    await waitForText(group, /Authorization \(\d+ steps, authorized\)/);
    await group.getByText(/Authorization \(\d+ steps, authorized\)/).click();
    const steps = group.getByRole("list", { name: "Authorization steps of Workload" });
    await waitForText(steps, /DPoP proof[\s\S]*with the nonce the authorization server asked for[\s\S]*Authorized \(workload identity grant\)/);
    await steps.getByText("Proof claims and header").nth(1).click();
    const proof = steps.getByLabel(/^DPoP proof of step \d+$/).nth(1);
    await proof.waitFor();
    const claims = (await proof.textContent()) ?? "";
    expect(claims).toContain('"typ": "dpop+jwt"');
    expect(claims).toMatch(/"htu": "http:\/\/127\.0\.0\.1:\d+\/as\/token"/);
    expect(claims).toContain('"nonce": "as-nonce-1"');
    expect(await page.content()).not.toContain(jwt);
    await proof.scrollIntoViewIfNeeded();
    await app.screenshot("oauth-dpop-proof");

    await page.getByRole("button", { name: "Add server", exact: true }).click();
    const form = page.getByRole("form", { name: "Add server" });
    await form.getByLabel("Transport").selectOption("streamableHttp");
    await form.getByLabel("Grant").selectOption("id_jag");
    await form.getByLabel("Identity provider token endpoint (token exchange for an ID-JAG)").waitFor();
    await form.getByLabel("Grant").scrollIntoViewIfNeeded();
    // The form stays inside the sidebar: nothing scrolled sideways.
    expect(await page.evaluate(() => Math.max(...[...document.querySelectorAll("*")].map((el) => el.scrollLeft)))).toBe(0);
    await app.screenshot("oauth-editor-enterprise");
    expect(app.pageErrors).toEqual([]);
    await app.close();
  });
});
