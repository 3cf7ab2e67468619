// Issue 23: `check`'s flags, parsed without a process: --call names the tools the check may call (with
// JSON arguments or none), --junit a file; both belong to check alone, and a bad one is a usage error (exit 2).
import { describe, expect, it } from "vitest";
import { parseCli, UsageError } from "../../main/cli/args.js";
import { runCli } from "../../main/cli/run.js";

describe("check's flags", () => {
  it("--call tool and --call tool=<json> (repeatable), --junit file", () => {
    const args = parseCli(["check", "--server", "node s.js", "--call", "a", "--call", 'b={"x":1}', "--junit", "out.xml"]);
    expect(args.command).toBe("check");
    expect([...args.checkCalls]).toEqual([
      ["a", undefined],
      ["b", { x: 1 }],
    ]);
    expect(args.junit).toBe("out.xml");
  });

  it.each([
    [["check", "--server", "s", "--call", "b=not json"], /not valid JSON/],
    [["check", "--server", "s", "--call", "b=[1]"], /must be a JSON object/],
    [["check", "--server", "s", "--call", "=1"], /needs a tool name/],
    [["tools", "--server", "s", "--junit", "x.xml"], /for check, not tools/],
    [["check"], /needs --server/],
  ])("%j is a usage error", (argv, message) => {
    expect(() => parseCli(argv)).toThrow(UsageError);
    expect(() => parseCli(argv)).toThrow(message);
  });

  it("a usage error exits 2 before connecting, with the --json error document", async () => {
    let stdout = "";
    const code = await runCli(["check", "--server", "s", "--call", "b=oops", "--json"], { stdout: { write: (t: string) => (stdout += t) }, stderr: { write: () => true }, onInterrupt: () => () => {} });
    expect(code).toBe(2);
    expect(JSON.parse(stdout).error.message).toMatch(/--call b/);
  });

  it("a server that cannot be started exits 2", async () => {
    const code = await runCli(["check", "--quiet", "--server", "/nonexistent/mcp-server-for-check"], { stdout: { write: () => true }, stderr: { write: () => true }, onInterrupt: () => () => {} });
    expect(code).toBe(2);
  });
});
