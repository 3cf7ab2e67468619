// Window size and position survive a restart. Stored through the core's Storage (JsonFileStorage in
// the user-data folder: written to a temp file and renamed, so a crash never leaves a torn file).
import type { Timers } from "../core/ports.js";

export const WINDOW_STATE_KEY = "window-state";

export interface WindowState {
  x?: number;
  y?: number;
  width: number;
  height: number;
  maximized: boolean;
}

export interface Rectangle {
  x: number;
  y: number;
  width: number;
  height: number;
}

export const DEFAULT_WINDOW_STATE: WindowState = { width: 1280, height: 820, maximized: false };
const MIN_WIDTH = 720;
const MIN_HEIGHT = 480;
/** How much of the title bar must be on a screen for a saved position to be used. */
const VISIBLE_MIN = 100;

const isInt = (v: unknown): v is number => typeof v === "number" && Number.isInteger(v);

/**
 * Read what was stored, trusting nothing: bad sizes fall back to the default, and a position that
 * is not on any current display (a monitor was unplugged) is dropped so the window opens centred.
 */
export function restoreWindowState(stored: unknown, workAreas: Rectangle[]): WindowState {
  const s = (stored && typeof stored === "object" ? stored : {}) as Record<string, unknown>;
  const largest = workAreas.reduce((a, b) => (b.width * b.height > a.width * a.height ? b : a), workAreas[0] ?? { x: 0, y: 0, width: Infinity, height: Infinity });
  const width = isInt(s.width) ? Math.min(Math.max(s.width, MIN_WIDTH), largest.width) : DEFAULT_WINDOW_STATE.width;
  const height = isInt(s.height) ? Math.min(Math.max(s.height, MIN_HEIGHT), largest.height) : DEFAULT_WINDOW_STATE.height;
  const state: WindowState = { width, height, maximized: s.maximized === true };
  if (isInt(s.x) && isInt(s.y)) {
    const titleBar = { x: s.x, y: s.y, width, height: 40 };
    if (workAreas.some((area) => overlap(titleBar, area) >= VISIBLE_MIN)) {
      state.x = s.x;
      state.y = s.y;
    }
  }
  return state;
}

function overlap(a: Rectangle, b: Rectangle): number {
  const w = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return w > 0 && h > 0 ? w : 0;
}

export interface TrackedWindow {
  on(event: "resize" | "move" | "maximize" | "unmaximize" | "close", listener: () => void): unknown;
  getNormalBounds(): Rectangle;
  isMaximized(): boolean;
  isDestroyed(): boolean;
}

export const SAVE_DELAY_MS = 500;

/**
 * Save the window's normal (un-maximized) bounds a moment after it stops moving, and at once when it
 * closes. Returns the function that saves immediately.
 */
export function trackWindowState(win: TrackedWindow, save: (state: WindowState) => void, timers: Timers, delayMs = SAVE_DELAY_MS): () => void {
  let timer: ReturnType<Timers["setTimeout"]> | undefined;
  const saveNow = () => {
    if (timer) timers.clearTimeout(timer);
    timer = undefined;
    if (win.isDestroyed()) return;
    const bounds = win.getNormalBounds();
    save({ x: bounds.x, y: bounds.y, width: bounds.width, height: bounds.height, maximized: win.isMaximized() });
  };
  const later = () => {
    if (timer) timers.clearTimeout(timer);
    timer = timers.setTimeout(saveNow, delayMs);
  };
  for (const event of ["resize", "move", "maximize", "unmaximize"] as const) win.on(event, later);
  win.on("close", saveNow);
  return saveNow;
}
