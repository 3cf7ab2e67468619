import { EventEmitter } from "node:events";
import { mkdtemp, readdir } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { JsonFileStorage, systemPorts } from "../../main/core/index.js";
import { DEFAULT_WINDOW_STATE, restoreWindowState, SAVE_DELAY_MS, trackWindowState, WINDOW_STATE_KEY, type WindowState } from "../../main/electron/windowState.js";

const screen = [{ x: 0, y: 0, width: 1920, height: 1080 }];

class FakeWindow extends EventEmitter {
  bounds = { x: 10, y: 20, width: 1000, height: 700 };
  maximized = false;
  destroyed = false;
  getNormalBounds() {
    return { ...this.bounds };
  }
  isMaximized() {
    return this.maximized;
  }
  isDestroyed() {
    return this.destroyed;
  }
}

afterEach(() => {
  vi.useRealTimers();
});

describe("restoring the window state", () => {
  it("uses what was saved when it fits a current display", () => {
    expect(restoreWindowState({ x: 100, y: 50, width: 1200, height: 800, maximized: true }, screen)).toEqual({ x: 100, y: 50, width: 1200, height: 800, maximized: true });
  });

  it("falls back to defaults for nothing or garbage", () => {
    expect(restoreWindowState(undefined, screen)).toEqual(DEFAULT_WINDOW_STATE);
    expect(restoreWindowState("corrupt", screen)).toEqual(DEFAULT_WINDOW_STATE);
    expect(restoreWindowState({ width: "wide", height: -5.5, x: null }, screen)).toEqual(DEFAULT_WINDOW_STATE);
  });

  it("drops a position that is off every display (a monitor was unplugged) and clamps the size to the screen", () => {
    expect(restoreWindowState({ x: 3000, y: 100, width: 1200, height: 800, maximized: false }, screen)).toEqual({ width: 1200, height: 800, maximized: false });
    expect(restoreWindowState({ x: 0, y: 0, width: 5000, height: 100, maximized: false }, screen)).toEqual({ x: 0, y: 0, width: 1920, height: 480, maximized: false });
    const two = [...screen, { x: 1920, y: 0, width: 1280, height: 1024 }];
    expect(restoreWindowState({ x: 2000, y: 100, width: 1000, height: 700, maximized: false }, two)).toMatchObject({ x: 2000, y: 100 });
  });
});

describe("saving the window state", () => {
  it("saves the normal bounds a moment after moving stops, once, and at once on close", async () => {
    vi.useFakeTimers();
    const win = new FakeWindow();
    const saved: WindowState[] = [];
    trackWindowState(win, (s) => saved.push(s), systemPorts.timers);
    for (let i = 0; i < 10; i++) {
      win.bounds.x += 5;
      win.emit("move");
      await vi.advanceTimersByTimeAsync(50);
    }
    expect(saved).toEqual([]);
    await vi.advanceTimersByTimeAsync(SAVE_DELAY_MS);
    expect(saved).toEqual([{ x: 60, y: 20, width: 1000, height: 700, maximized: false }]);

    win.maximized = true;
    win.emit("maximize");
    win.emit("close");
    expect(saved).toHaveLength(2);
    expect(saved[1]).toEqual({ x: 60, y: 20, width: 1000, height: 700, maximized: true });
    await vi.advanceTimersByTimeAsync(SAVE_DELAY_MS * 2);
    expect(saved).toHaveLength(2); // the pending save was replaced by the one on close
  });

  it("persists atomically under the user-data folder and restores from there", async () => {
    const dir = await mkdtemp(join(tmpdir(), "userdata-"));
    const storage = new JsonFileStorage(dir);
    const win = new FakeWindow();
    let write: Promise<void> = Promise.resolve();
    trackWindowState(win, (s) => (write = storage.write(WINDOW_STATE_KEY, s)), systemPorts.timers);
    win.emit("close");
    await write;
    expect(await readdir(dir)).toEqual(["window-state.json"]); // no temp file left behind
    const again = new JsonFileStorage(dir);
    expect(restoreWindowState(await again.read(WINDOW_STATE_KEY), screen)).toEqual({ x: 10, y: 20, width: 1000, height: 700, maximized: false });
  });
});
