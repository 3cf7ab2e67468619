// What a hostile server sends reaches a terminal through the CLI as text, never as markup: escape
// sequences and text-direction overrides in a result, a description or a status message are shown, not
// obeyed, and a 1 MB status message is cut to a line a person reads. --json stays JSON (its strings escape
// control characters).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jsonOf, runCli, startHttpFixture, type ServerProcess } from "./harness.js";

let fixture: ServerProcess;
beforeAll(async () => {
  fixture = await startHttpFixture("cli-http-server.mjs");
});
afterAll(async () => {
  await fixture?.stop();
});

const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;

describe("CLI output of a hostile server", () => {
  it("terminal escapes in a tool result and a tool description are printed visibly, not sent to the terminal", async () => {
    const call = await runCli(["call", "ansi", "--server", fixture.url]);
    expect(call.code).toBe(0);
    expect(call.stdout).toBe("before\\x1b[2J\\x1b]0;pwned\\x07\\x0dafter\\x9b\n");
    const tools = await runCli(["tools", "--server", fixture.url]);
    // A right-to-left override, which would turn the rest of the line around in a terminal that reorders text.
    expect(tools.stdout).toContain("ansi [task: optional]  Escapes\\x1b]0;pwned\\x07\\x1b[2J here \\u202eerehwon");
    expect(tools.stdout).not.toMatch(CONTROL);
    expect(tools.stdout).not.toMatch(/[\u202a-\u202e\u2066-\u2069]/);
  });

  it("a task's 1 MB status message with escapes becomes one bounded, visible line on stderr", async () => {
    const ran = await runCli(["call", "ansi", "--task", "--server", fixture.url]);
    expect(ran.code).toBe(0);
    expect(ran.stderr).not.toMatch(CONTROL);
    const line = ran.stderr.split("\n").find((l) => l.includes("\\x1b[31m"))!;
    expect(line.length).toBeLessThan(2100);
    expect(line).toMatch(/^Task \S+ working: \\x1b\[31mx+… \(\d+ characters\)$/);
    expect(ran.stdout).toBe("done\\x1b[2J\\x0dhidden\n");
  });

  it("a list whose nextCursor never ends: exit 1 once the cursor repeats, not an endless loop", async () => {
    const endless = await startHttpFixture("cli-http-server.mjs", ["--endless-cursor"]);
    try {
      const ran = await runCli(["tools", "--server", endless.url, "--json"]);
      expect(ran.code).toBe(1);
      expect(jsonOf(ran)).toEqual({ error: { message: 'the server returned the cursor "again" twice' } });
    } finally {
      await endless.stop();
    }
  });

  it("--json keeps the server's text exactly, escaped as JSON", async () => {
    const ran = await runCli(["call", "ansi", "--server", fixture.url, "--json"]);
    expect(ran.stdout).not.toMatch(CONTROL);
    expect(ran.stdout).toContain("after\\u009b");
    expect(jsonOf(ran)).toEqual({ content: [{ type: "text", text: "before\u001b[2J\u001b]0;pwned\u0007\rafter\u009b" }] });
  });
});
