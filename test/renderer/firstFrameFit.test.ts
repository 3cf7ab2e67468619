// @vitest-environment happy-dom
// Issue 28: the first frame index.html carries is fitted, before the first paint, to the layout the window
// stored (renderer/src/firstFrameFit.ts), or taken away where it cannot draw it. Run here as the page runs
// it: the serialized script, evaluated on its own, against a frame the shape of the real one.
import { afterEach, describe, expect, it } from "vitest";
import { FIRST_FRAME_KEYS, fitFirstFrame, fitFirstFrameScript } from "../../renderer/src/firstFrameFit.js";

const FRAME = `<div class="first-frame" inert aria-hidden="true"><div class="app"><div class="app-split" data-group="true">
  <div data-panel="true" id="sidebar" style="display:flex;flex-basis:19rem;overflow:visible"></div>
  <div role="separator"></div>
  <div data-panel="true" id="main" style="display:flex;flex-basis:0;flex-shrink:1;flex-grow:1"></div>
</div></div></div>`;

function page(): Document {
  document.body.innerHTML = `<div id="root">${FRAME}</div>`;
  return document;
}

function storage(entries: Record<string, string>): Pick<Storage, "getItem"> {
  return { getItem: (key) => entries[key] ?? null };
}

const panel = (id: string) => document.querySelector<HTMLElement>(`[data-panel][id="${id}"]`)!;

afterEach(() => {
  document.body.innerHTML = "";
  localStorage.clear();
});

describe("fitting the first frame to the stored layout", () => {
  it("leaves the default frame alone when nothing is stored, or no storage can be read", () => {
    fitFirstFrame(page(), storage({}), FIRST_FRAME_KEYS);
    expect(panel("sidebar").style.flexBasis).toBe("19rem");
    fitFirstFrame(page(), undefined, FIRST_FRAME_KEYS);
    expect(document.querySelector(".first-frame")).not.toBeNull();
  });

  it("draws a stored sidebar width as the panels library does: shares of the row, from no basis", () => {
    fitFirstFrame(page(), storage({ [FIRST_FRAME_KEYS.sidebarSplit]: '{"sidebar":31.25,"main":68.75}' }), FIRST_FRAME_KEYS);
    expect([panel("sidebar").style.flexBasis, panel("sidebar").style.flexGrow]).toEqual(["0px", "31.25"]);
    expect([panel("main").style.flexBasis, panel("main").style.flexGrow]).toEqual(["0px", "68.75"]);
  });

  it("takes the frame away when the sidebar was hidden or the docked panel left open: it cannot draw either", () => {
    fitFirstFrame(page(), storage({ [FIRST_FRAME_KEYS.sidebar]: "hidden" }), FIRST_FRAME_KEYS);
    expect(document.querySelector(".first-frame")).toBeNull();
    fitFirstFrame(page(), storage({ [FIRST_FRAME_KEYS.dock]: '{"open":true,"side":"right","view":"logs"}' }), FIRST_FRAME_KEYS);
    expect(document.querySelector(".first-frame")).toBeNull();
    // Shown, closed: the frame stays.
    fitFirstFrame(page(), storage({ [FIRST_FRAME_KEYS.sidebar]: "shown", [FIRST_FRAME_KEYS.dock]: '{"open":false}' }), FIRST_FRAME_KEYS);
    expect(document.querySelector(".first-frame")).not.toBeNull();
  });

  it("what does not read as a layout is left as the app leaves it, at its default; a throwing storage stops nothing", () => {
    for (const stored of ["{", "null", '"x"', '{"sidebar":"20","main":80}', '{"sidebar":-5,"main":105}', '{"sidebar":40,"main":40}', '{"sidebar":1e999,"main":0}']) {
      fitFirstFrame(page(), storage({ [FIRST_FRAME_KEYS.sidebarSplit]: stored, [FIRST_FRAME_KEYS.dock]: stored }), FIRST_FRAME_KEYS);
      expect(document.querySelector(".first-frame"), stored).not.toBeNull();
      expect(panel("sidebar").style.flexBasis, stored).toBe("19rem");
    }
    const throwing = { getItem: () => { throw new Error("SecurityError"); } };
    expect(() => fitFirstFrame(page(), throwing, FIRST_FRAME_KEYS)).not.toThrow();
    expect(panel("sidebar").style.flexBasis).toBe("19rem");
  });

  it("the page's script is the function and its keys alone: evaluated by itself, it reads the page's own storage", () => {
    localStorage.setItem(FIRST_FRAME_KEYS.sidebarSplit, '{"sidebar":25,"main":75}');
    page();
    new Function(fitFirstFrameScript())();
    expect(panel("sidebar").style.flexGrow).toBe("25");
    localStorage.setItem(FIRST_FRAME_KEYS.sidebar, "hidden");
    page();
    new Function(fitFirstFrameScript())();
    expect(document.querySelector(".first-frame")).toBeNull();
  });
});
