// Issue 23: `check`'s flags, parsed without a process: --call names the tools the check may call (with
// JSON arguments or none), --junit a file; both belong to check alone, and a bad one is a usage error (exit 2).
import { describe, expect, it } from "vitest";
import { parseCli, UsageError } from "../../main/cli/args.js";
import { runCli } from "../../main/cli/run.js";
import { createRequire } from "node:module";

const EVERYTHING = createRequire(import.meta.url).resolve("@modelcontextprotocol/server-everything/dist/index.js");

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

describe("--budget and --env", () => {
  it("--budget <ms> is check's; --env KEY=VALUE is repeatable", () => {
    const args = parseCli(["check", "--server", "node s.js", "--budget", "5000", "--env", "A=1", "--env", "B=x=y"]);
    expect(args.budgetMs).toBe(5000);
    expect(args.env).toEqual({ A: "1", B: "x=y" });
    expect(parseCli(["check", "--server", "s", "--budget", "0"]).budgetMs).toBe(0);
  });

  it.each([
    [["tools", "--server", "s", "--budget", "100"], /--budget is for check, not tools/],
    [["check", "--server", "s", "--budget", "soon"], /--budget must be a whole number/],
    [["tools", "--server", "s", "--env", "=1"], /--env must be KEY=VALUE/],
    [["tools", "--server", "s", "--env", "NOEQUALS"], /--env must be KEY=VALUE/],
  ])("%j is a usage error", (argv, message) => {
    expect(() => parseCli(argv)).toThrow(message);
  });

  it("--env reaches a stdio server (server-everything's get-env shows it); the rest of the shell's environment does not", async () => {
    let stdout = "";
    process.env.CHECK_ARGS_SECRET = "not-passed-on";
    try {
      const code = await runCli(["call", "get-env", "--json", "--server", `${JSON.stringify(process.execPath)} ${JSON.stringify(EVERYTHING)} stdio`, "--env", "MCP_INSPECTOR_TEST_VALUE=passed-on"], {
        stdout: { write: (t: string) => (stdout += t) },
        stderr: { write: () => {} },
        onInterrupt: () => () => {},
      });
      expect(code).toBe(0);
    } finally {
      delete process.env.CHECK_ARGS_SECRET;
    }
    expect(stdout).toContain("MCP_INSPECTOR_TEST_VALUE");
    expect(stdout).toContain("passed-on");
    expect(stdout).not.toContain("not-passed-on");
  });

  it("--env is for stdio servers: with a URL it is a usage error", async () => {
    let stderr = "";
    const code = await runCli(["tools", "--server", "http://127.0.0.1:9/mcp", "--env", "A=1"], { stdout: { write: () => {} }, stderr: { write: (t: string) => (stderr += t) }, onInterrupt: () => () => {} });
    expect(code).toBe(2);
    expect(stderr).toContain("--env is for stdio servers");
  });
});
