// Issue 21: a session's kept logging notifications are bounded by count and by bytes, whatever the server sends.
import { describe, expect, it } from "vitest";
import { jsonSize } from "../../shared/byteBudget.js";
import { SERVER_LOG_DATA_BYTES } from "../../main/core/messageLog.js";
import { ServerLogs } from "../../main/core/serverLogs.js";

describe("ServerLogs (issue 21)", () => {
  it("issue 21: numbers each message and keeps the newest within the count", () => {
    const logs = new ServerLogs("s1", 3);
    for (let i = 1; i <= 5; i++) expect(logs.push({ level: "info", data: i }).seq).toBe(i);
    expect(logs.toArray().map((m) => m.data)).toEqual([3, 4, 5]);
  });

  it("issue 19, 21: keeps within its bytes, cuts a huge data with its size said, and bounds level and logger", () => {
    const logs = new ServerLogs("s1", 1000, 50_000);
    const huge = logs.push({ level: "x".repeat(10_000), logger: "l".repeat(10_000), data: { blob: "y".repeat(1_000_000) } });
    expect(huge.level).toHaveLength(100);
    expect(huge.logger).toHaveLength(200);
    expect(jsonSize(huge.data)).toBeLessThanOrEqual(SERVER_LOG_DATA_BYTES);
    expect(huge.cut?.bytes).toBeGreaterThan(1_000_000);
    for (let i = 0; i < 20; i++) logs.push({ level: "info", data: "z".repeat(5000) });
    const kept = logs.toArray();
    expect(kept.reduce((n, m) => n + jsonSize(m), 0)).toBeLessThanOrEqual(50_000);
    expect(kept.at(-1)?.seq).toBe(21);
    // A message larger than the whole budget is still kept alone (the newest is never dropped).
    expect(new ServerLogs("s1", 10, 10).push({ level: "info", data: "too long for the budget" }).seq).toBe(1);
  });
});
