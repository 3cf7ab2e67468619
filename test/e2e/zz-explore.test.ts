import { test } from "vitest";
import { openApp } from "./app.js";
import { connect, openTab } from "./flows-ui.js";
import type { SavedServer } from "../../shared/types.js";

const R = "/tmp/real/node_modules/.bin/";
function real(id: string, name: string, bin: string, args: string[] = []): SavedServer {
  return { id, name, era: "auto", transport: { type: "stdio", command: R + bin, args, env: {} }, features: { sampling: true, elicitationForm: true, elicitationUrl: true, roots: true, receiverTasks: true } };
}

test("explore", async () => {
  const servers: SavedServer[] = [real("mem", "Memory", "mcp-server-memory"), real("fs", "Filesystem", "mcp-server-filesystem", ["/tmp/explore"])];
  const app = await openApp({ savedServers: servers, viewport: { width: 1280, height: 720 }, context: { colorScheme: "dark" } });
  const page = app.page;
  await connect(page, "Filesystem");
  await openTab(page, "Checks");
  await app.screenshot("zz-checks-0");
  const run = page.getByRole("button", { name: "Run all checks" });
  await run.click();
  await page.waitForTimeout(300);
  await app.screenshot("zz-checks-1");
  await page.getByText(/passed|failed/).first().waitFor({ timeout: 60000 });
  await page.waitForTimeout(8000);
  await app.screenshot("zz-checks-2");
  await app.close();
}, 180_000);
