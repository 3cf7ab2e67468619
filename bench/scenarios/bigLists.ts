// Scenario 16: the Tools tab with 100,000 tools (issue 33). A real server over stdio
// (test/fixtures/many-tools-server.mjs) lists them in pages of 5,000; the built UI in Chromium at
// 1280×720 shows them. Then words are typed into the tool filter one key at a time and erased with
// Backspace, as a user would. For each keystroke, on the page's clock: from the keydown (a capturing
// listener, before React sees it) to the list showing that filter's rows in the DOM (the list says the
// filter its rows answer in data-filter; a MutationObserver sees it change), and to the animation frame
// after that. Also the rows in the DOM, to show the list stayed a window.
import { join } from "node:path";
import { InspectorCore } from "../../main/core/index.js";
import { startBrowserMode } from "../lib/browser.js";
import { ROOT, count, now } from "../lib/env.js";
import { atMost, figure, type Scenario } from "../lib/results.js";
import { summarize } from "../lib/stats.js";

const TOOLS = count(100_000, 20_000);
/** Typed, then erased key by key: descriptions' words, a name's prefix, text that matches nothing. */
const WORDS = count(8, 2);
const TYPED = ["customer", "tool-09", "sends the", "qzx", "invoice", "title of tool 4", "reads", "calendar"];
/** Typed first, and reported apart: the first keys run the filter's code for the first time. */
const WARM_UP = "report";

interface Keys {
  /** performance.now() at each keydown. */
  down: number[];
  /** Each change of the list's data-filter: the filter, when it reached the DOM, and the frame after. */
  drawn: { filter: string; at: number; painted?: number }[];
}

/** Runs in the page before its own scripts (serialized: no imports). */
function watchKeys(): void {
  const keys: Keys = { down: [], drawn: [] };
  (window as unknown as { __keys: Keys }).__keys = keys;
  window.addEventListener("keydown", () => keys.down.push(performance.now()), { capture: true });
  let list: Element | null = null;
  const filtered = new MutationObserver(() => {
    const entry: Keys["drawn"][number] = { filter: list?.getAttribute("data-filter") ?? "", at: performance.now() };
    keys.drawn.push(entry);
    requestAnimationFrame(() => (entry.painted = performance.now()));
  });
  // The tool list's scrolling pane appears once the tools are in; watch its data-filter from then on.
  new MutationObserver(() => {
    const found = document.querySelector('[aria-label="Tool list"] [data-filter]');
    if (found && found !== list) {
      list = found;
      filtered.disconnect();
      filtered.observe(found, { attributes: true, attributeFilter: ["data-filter"] });
    }
  }).observe(document, { childList: true, subtree: true });
}

/** In the page: the last keydown → the list showing `filter`, and → the frame after; undefined until painted. */
function timing(filter: string): { drawn: number; painted: number } | undefined {
  const keys = (window as unknown as { __keys: Keys }).__keys;
  const down = keys.down[keys.down.length - 1] ?? Infinity;
  const entry = keys.drawn.find((d) => d.filter === filter && d.at >= down);
  return entry?.painted === undefined ? undefined : { drawn: entry.at - down, painted: entry.painted - down };
}

export const bigLists: Scenario = {
  id: "biglists",
  title: "15. Big lists: 100,000 tools, filter per keystroke",
  async run() {
    const core = new InspectorCore();
    const mode = await startBrowserMode(core);
    const perKey: number[] = [];
    const perKeyPainted: number[] = [];
    let listedMs = Number.NaN;
    let maxRows = 0;
    let keystrokes = 0;
    const warmUp: number[] = [];
    try {
      const server = { name: "Many tools", transport: { type: "stdio" as const, command: process.execPath, args: [join(ROOT, "test/fixtures/many-tools-server.mjs"), String(TOOLS)] } };
      await core.dispatch("connect", { server });
      const context = await mode.browser.newContext({ viewport: { width: 1280, height: 720 } });
      const page = await context.newPage();
      await page.addInitScript(watchKeys);
      await page.goto(mode.web.url);
      const t0 = now();
      await page.getByRole("tab", { name: "Tools", exact: true }).click();
      const list = page.getByRole("region", { name: "Tool list", exact: true });
      await list.getByRole("heading", { name: `Tools (${TOOLS})` }).waitFor({ timeout: 120_000 });
      listedMs = now() - t0;
      const filter = list.getByRole("searchbox", { name: "Filter tools by name, title or description" });
      await filter.click();
      let shown = "";
      for (const word of [WARM_UP, ...TYPED.slice(0, WORDS)]) {
        const typed = [...word].map((_, i) => word.slice(0, i + 1));
        const erased = typed.slice(0, -1).reverse().concat("");
        for (const [key, text] of [...[...word].map((ch, i) => [ch, typed[i]!] as const), ...erased.map((text) => ["Backspace", text] as const)]) {
          await page.keyboard.press(key);
          // A trailing space changes nothing the list answers (the filter is trimmed): no sample.
          const needle = text.trim().toLowerCase();
          if (needle === shown) continue;
          shown = needle;
          const t = await (await page.waitForFunction(timing, needle, { timeout: 30_000 })).jsonValue();
          if (!t) continue;
          if (word === WARM_UP) {
            warmUp.push(t.drawn);
            continue;
          }
          keystrokes++;
          perKey.push(t.drawn);
          perKeyPainted.push(t.painted);
          maxRows = Math.max(maxRows, await list.getByRole("listitem").count());
        }
      }
      await context.close();
    } finally {
      await mode.close();
    }
    const k = summarize(perKey.filter(Number.isFinite));
    const p = summarize(perKeyPainted.filter(Number.isFinite));
    return {
      figures: [
        atMost("filter keystroke → its rows in the DOM, p95", k.p95, "ms", 16, "≤ 16 ms (a frame)", `${k.count} keystrokes over ${TOOLS.toLocaleString("en-US")} tools; p50 ${k.p50.toFixed(1)} ms, max ${k.max.toFixed(1)} ms`),
        figure("filter keystroke → the frame after, p95", p.p95, "ms", { note: `p50 ${p.p50.toFixed(1)} ms; includes the wait for the next animation frame` }),
        figure("rows in the DOM, most at any keystroke", maxRows, "", { note: `a window of ${TOOLS.toLocaleString("en-US")}` }),
        figure("warm-up keystrokes (the first typed), longest", Math.max(...warmUp), "ms", { note: `${warmUp.length} keys of "${WARM_UP}", typed and erased first: the filter's code run for the first time` }),
        figure(`${TOOLS.toLocaleString("en-US")} tools listed: tab click → count shown`, listedMs, "ms", { note: "pages of 5,000 over stdio and the WebSocket, measured from the bench through Playwright" }),
      ],
      notes: [
        `Big lists: browser mode in this process, one Chromium page at 1280×720; the core connected over stdio to test/fixtures/many-tools-server.mjs listing ${TOOLS.toLocaleString("en-US")} tools. ${WORDS} words typed into the tool filter one key at a time through Playwright, each then erased with Backspace (${keystrokes} keystrokes), after a warm-up word reported apart. Per keystroke, on the page's clock: from a capturing keydown listener to the MutationObserver seeing the list's data-filter (the filter its rows answer) take the new text, i.e. React's commit of the filtered rows; and to the animation frame requested then. The filter runs in the keystroke's own render (no deferral); a key that extends an earlier filter searches that one's matches, and Backspace back to a filter seen before is answered from the list's memory of its last 16 filters, as for a user.`,
      ],
      details: { keystroke: k, painted: p, listedMs, maxRows, warmUp },
    };
  },
};
