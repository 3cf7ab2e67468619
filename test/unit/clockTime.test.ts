// A clock time on the page reads as toLocaleTimeString(undefined, { hour12: false }) did, from one formatter
// made once (making one per call cost the first run card 20 ms or more).
import { afterEach, describe, expect, it, vi } from "vitest";

const RealFormat = Intl.DateTimeFormat;
afterEach(() => {
  Intl.DateTimeFormat = RealFormat;
});

describe("clockTime", () => {
  it("says what toLocaleTimeString said, and makes its formatter once", async () => {
    vi.resetModules();
    let made = 0;
    Intl.DateTimeFormat = class extends RealFormat {
      constructor(...args: ConstructorParameters<typeof RealFormat>) {
        super(...args);
        made++;
      }
    } as typeof RealFormat;
    const { clockTime, formatClock, formatInstant } = await import("../../renderer/src/util/time.js");
    for (const at of [0, 1_764_322_262_417, Date.UTC(2026, 10, 28, 23, 59, 59)]) {
      expect(clockTime(at)).toBe(new Date(at).toLocaleTimeString(undefined, { hour12: false }));
      expect(clockTime(new Date(at))).toBe(clockTime(at));
    }
    expect(formatClock("2026-11-28T10:31:02.417Z")).toBe(new Date("2026-11-28T10:31:02.417Z").toLocaleTimeString(undefined, { hour12: false }));
    expect(formatInstant("2026-11-28T10:31:02.417Z")).toMatch(/\.417$/);
    expect(made).toBe(1);
  });

  it("a time that is not one says so, without throwing", async () => {
    const { clockTime, formatClock } = await import("../../renderer/src/util/time.js");
    expect(clockTime(Number.NaN)).toBe("Invalid Date");
    expect(clockTime(8.64e15 + 1)).toBe("Invalid Date");
    expect(formatClock("not a time")).toBe("not a time");
  });
});
