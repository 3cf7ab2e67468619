// What a server prints on stderr is kept by lines *and* by characters: 400 MB once put 210 MB of text
// into the page and the Logs tab took 38 s to open. A line without end keeps its start and says how
// much was cut; the session keeps at most STDERR_CHARS_KEPT, the newest lines.
import { monitorEventLoopDelay } from "node:perf_hooks";
import { describe, expect, it } from "vitest";
import { MAX_STDERR_LINE } from "../../main/core/transport/openTransport.js";
import { STDERR_CHARS_KEPT } from "../../main/core/session.js";
import { createHarness } from "../helpers/harness.js";
import { fixtureServer } from "../helpers/servers.js";

describe("a server that floods stderr", () => {
  it("64 MB in lines and a 32 MB line with no newline: the session keeps ≤ 1 MB, each line ≤ 8 KB with a note of what was cut", async () => {
    const h = createHarness();
    const { sessionId } = await h.core.dispatch("connect", { server: fixtureServer("session-server.mjs") });
    let eventChars = 0;
    let longestEvent = 0;
    h.core.subscribe((event) => {
      if (event.type !== "stderrLine") return;
      eventChars += event.payload.line.length;
      longestEvent = Math.max(longestEvent, event.payload.line.length);
    });
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    await h.core.dispatch("callTool", { sessionId, name: "stderr-flood", arguments: { lines: 4096, lineLength: 16 * 1024, tail: 32 * 1024 * 1024 } });
    // The tail only ends when the process does: disconnect, and the cut line arrives with its note.
    await h.core.dispatch("callTool", { sessionId, name: "stderr", arguments: { text: "\nlast line\n" } });
    await h.waitFor("stderrLine", (l) => l.sessionId === sessionId && l.line === "last line");
    delay.disable();

    const { stderr } = await h.core.dispatch("getLog", { sessionId });
    const kept = stderr.reduce((sum, line) => sum + line.length, 0);
    expect(kept).toBeLessThanOrEqual(STDERR_CHARS_KEPT);
    expect(stderr.at(-1)).toBe("last line");
    const cut = stderr.at(-2)!;
    expect(cut).toMatch(/^t{8192} … \[\d+ more characters of this line were not kept\]$/);
    expect(Number(/\[(\d+) more/.exec(cut)![1])).toBe(32 * 1024 * 1024 - MAX_STDERR_LINE);
    // Every 16 KB line was cut to 8 KB too; nothing that reached the page was longer than a line's cap.
    expect(longestEvent).toBeLessThan(MAX_STDERR_LINE + 100);
    expect(eventChars).toBeLessThan(4096 * (MAX_STDERR_LINE + 100) + MAX_STDERR_LINE + 200);
    console.log(`stderr flood: kept ${kept} characters; longest event-loop delay ${(delay.max / 1e6).toFixed(1)} ms`);
  });
});
