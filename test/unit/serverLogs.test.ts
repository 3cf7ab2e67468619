// Issue 21: a session's kept logging notifications are bounded by count and by characters, whatever the server sends.
import { describe, expect, it } from "vitest";
import { DATA_CHARS_KEPT, ServerLogs } from "../../main/core/serverLogs.js";

describe("ServerLogs (issue 21)", () => {
  it("issue 21: numbers each message and keeps the newest within the count", () => {
    const logs = new ServerLogs("s1", 3);
    for (let i = 1; i <= 5; i++) expect(logs.push({ level: "info", data: i }).seq).toBe(i);
    expect(logs.toArray().map((m) => m.data)).toEqual([3, 4, 5]);
  });

  it("issue 21: keeps within its characters, cuts a huge data to its start with a note, and bounds level and logger", () => {
    const logs = new ServerLogs("s1", 1000, 50_000);
    const huge = logs.push({ level: "x".repeat(10_000), logger: "l".repeat(10_000), data: { blob: "y".repeat(1_000_000) } });
    expect(huge.level).toHaveLength(100);
    expect(huge.logger).toHaveLength(200);
    expect(typeof huge.data).toBe("string");
    expect((huge.data as string).length).toBeLessThan(DATA_CHARS_KEPT + 200);
    expect(huge.data).toMatch(/… \(cut: 1,000,011 characters in all; the protocol log has the message\)$/);
    for (let i = 0; i < 20; i++) logs.push({ level: "info", data: "z".repeat(5000) });
    const kept = logs.toArray();
    const chars = kept.reduce((n, m) => n + JSON.stringify(m.data).length, 0);
    expect(chars).toBeLessThanOrEqual(50_000);
    expect(kept.at(-1)?.seq).toBe(21);
    // A message larger than the whole budget is still kept alone (the newest is never dropped).
    expect(new ServerLogs("s1", 10, 10).push({ level: "info", data: "too long for the budget" }).seq).toBe(1);
  });
});
