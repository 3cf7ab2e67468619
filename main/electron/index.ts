// Electron entry (out/main/index.js). Everything it does is in app.ts and the modules it wires.
import { app } from "electron";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startDesktopApp } from "./app.js";
import { isSmokeRun, runSmoke, smokeDepsFor } from "./smoke.js";

const smoke = isSmokeRun(process.argv, process.env);
// A smoke run must neither read nor change the user's saved servers, and must not hand over to a
// running inspector: its own user-data folder gives it both (the single-instance lock lives there).
if (smoke) app.setPath("userData", mkdtempSync(join(tmpdir(), "mcp-task-inspector-smoke-")));

void startDesktopApp({ devServerUrl: process.env.ELECTRON_RENDERER_URL })
  .then(async (desktop) => {
    if (!smoke) return;
    const outcome = desktop
      ? await runSmoke(smokeDepsFor(desktop))
      : { ok: false, exitCode: 1, line: "smoke failed: another instance holds the lock" };
    (outcome.ok ? console.log : console.error)(outcome.line);
    app.exit(outcome.exitCode);
  })
  .catch((error: unknown) => {
    console.error(smoke ? `smoke failed while starting: ${(error as Error)?.message ?? String(error)}` : "MCP Task Inspector could not start:", smoke ? "" : error);
    process.exit(1);
  });
