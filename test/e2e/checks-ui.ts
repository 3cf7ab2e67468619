// The Checks tab's end-to-end flows all start the same way: the check-target fixture (with the defects a
// test plants) saved, the app open, the server connected. And they all read the report the same way.
import type { Locator, Page } from "playwright-core";
import type { SavedServer } from "../../shared/types.js";
import { openApp, type App, type OpenAppOptions } from "./app.js";
import { connect, fixtureServer } from "./flows-ui.js";

export const CHECK_TARGET = "Check target";

/** test/fixtures/checks/check-target.mjs as a 2025-11-25 server, with the defects named planted. */
export function checkTarget({ defects = [], id = "check-target", name = CHECK_TARGET }: { defects?: string[]; id?: string; name?: string } = {}): SavedServer {
  return { ...fixtureServer(id, name, "checks/check-target.mjs", defects.flatMap((defect) => ["--defect", defect])), era: "2025-11-25" };
}

/** The app with the check target saved (see checkTarget) and connected. */
export async function openCheckTarget(options: OpenAppOptions & { defects?: string[] } = {}): Promise<App> {
  const { defects, ...appOptions } = options;
  const app = await openApp({ ...appOptions, savedServers: [checkTarget({ defects })] });
  await connect(app.page, CHECK_TARGET);
  return app;
}

/** The report of the last run. */
export function checkResults(page: Page): Locator {
  return page.getByRole("region", { name: "Check results", exact: true });
}
