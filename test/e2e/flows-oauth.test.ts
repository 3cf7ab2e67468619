// Issue 14 in Chromium, browser mode: a protected server (test/fixtures/oauth-server.mjs) answers 401;
// the entry's Authorization panel shows the steps and the page to approve; the user opens it from the
// panel (confirmed), the browser follows the authorization server's redirect to the loopback receiver,
// and the session connects. Then Sign out / clear tokens.
import { spawn, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { openApp } from "./app.js";
import { FLOW_TIMEOUT_MS, serverGroup, waitForText } from "./flows-ui.js";

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

function startFixture(): Promise<string> {
  const child = spawn(process.execPath, [FIXTURE], { stdio: ["ignore", "pipe", "pipe"] });
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
  it("the Authorization panel shows the flow, the page opens from it, the redirect comes back to the loopback receiver, and the session connects; Sign out clears the tokens", { timeout: 90_000 }, async () => {
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
    await group.getByRole("button", { name: "Sign out of Protected (clear tokens)", exact: true }).click();
    await waitForText(group.getByRole("status"), "Signed out: the tokens kept for this server were cleared.");
    expect(app.pageErrors).toEqual([]);
    await app.close();
  });
});
