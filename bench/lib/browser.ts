// Browser mode for the bench: the built renderer (out/renderer) served by main/web's own server, started
// in this process around a core the scenario controls, and Debian's Chromium driven by playwright-core.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { chromium, type Browser } from "playwright-core";
import { InspectorCore } from "../../main/core/index.js";
import { startWebServer, type WebServer } from "../../main/web/server.js";
import { RENDERER_DIR } from "./build.js";

export { RENDERER_DIR };
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run", "--disable-component-update", "--disable-sync"];

export interface BrowserMode {
  core: InspectorCore;
  web: WebServer;
  browser: Browser;
  close(): Promise<void>;
}

/** Browser mode around `core`, and a headless Chromium to open it with. */
export async function startBrowserMode(core: InspectorCore): Promise<BrowserMode> {
  if (!existsSync(join(RENDERER_DIR, "index.html"))) throw new Error("The renderer is not built (out/renderer); run `npm run build`");
  if (!existsSync(CHROMIUM)) throw new Error(`Chromium is not installed at ${CHROMIUM}`);
  await core.ready;
  const web = await startWebServer({ core, rendererDir: RENDERER_DIR });
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  return {
    core,
    web,
    browser,
    async close() {
      await browser.close().catch(() => {});
      await web.close();
      await core.shutdown();
    },
  };
}
