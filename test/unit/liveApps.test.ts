// @vitest-environment happy-dom
// AP14: the bound on live Apps: at least 8 at once; past it, the oldest is closed first (it is told, and
// closes itself with a message); one that is shown again counts as the newest.
import { afterEach, describe, expect, it } from "vitest";
import { forgetLiveApps, MAX_LIVE_APPS, registerLiveApp, unregisterLiveApp } from "../../renderer/src/apps/liveApps.js";
import { renderHook } from "@testing-library/react";
import { useEvicted, useLiveAppKeys, useLiveAppTabs } from "../../renderer/src/apps/liveApps.js";

afterEach(() => forgetLiveApps());

describe("AP14: live Apps", () => {
  it("AP14: at least 8 live at once; the 9th closes the oldest, not one shown again since", () => {
    expect(MAX_LIVE_APPS).toBeGreaterThanOrEqual(8);
    for (let i = 1; i <= MAX_LIVE_APPS; i++) registerLiveApp(`run:s/${i}`, "tools");
    const keys = renderHook(() => useLiveAppKeys());
    const first = renderHook(() => useEvicted("run:s/1"));
    const second = renderHook(() => useEvicted("run:s/2"));
    expect(keys.result.current.size).toBe(MAX_LIVE_APPS);
    registerLiveApp("run:s/1", "tools"); // shown again: now the newest
    registerLiveApp("run:s/new", "resources");
    keys.rerender();
    first.rerender();
    second.rerender();
    expect(second.result.current).toBe(true);
    expect(first.result.current).toBe(false);
    expect(keys.result.current.has("run:s/2")).toBe(false);
    expect(keys.result.current.has("run:s/new")).toBe(true);
    expect(renderHook(() => useLiveAppTabs()).result.current).toEqual(new Set(["tools", "resources"]));
    unregisterLiveApp("run:s/new");
    expect(renderHook(() => useLiveAppTabs()).result.current).toEqual(new Set(["tools"]));
  });
});
