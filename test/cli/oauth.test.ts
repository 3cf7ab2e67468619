// OAuth from the command line (issue 14): a server that answers 401 gets the authorization flow of the
// core; the CLI prints the page on stderr and opens it, or follows it itself with --auth-headless (for
// authorization servers that approve at once). Tokens are kept in the config folder for the next run.
import { afterEach, describe, expect, it } from "vitest";
import { POSIX_SIGNALS } from "../helpers/platform.js";
import { jsonOf, newConfigDir, runCli, startCli, startHttpFixture, type ServerProcess } from "./harness.js";

const started: ServerProcess[] = [];
afterEach(async () => {
  await Promise.all(started.splice(0).map((s) => s.stop()));
});

async function oauthFixture(...args: string[]) {
  const fixture = await startHttpFixture("oauth-server.mjs", args);
  started.push(fixture);
  const origin = new URL(fixture.url).origin;
  return { url: `${origin}/mcp`, state: async () =>
      (await (await fetch(`${origin}/__test/state`)).json()) as { tokenRequests: { client_id: string | null; basic: boolean }[]; registrations: unknown[]; authorizeRequests: Record<string, string>[] },
  };
}

describe("CLI OAuth", () => {
  it("--auth-headless signs in (dynamic registration, PKCE), and the next run reuses the stored token without a new flow", async () => {
    const fixture = await oauthFixture();
    const configDir = newConfigDir();
    const first = await runCli(["call", "whoami", "--server", fixture.url, "--auth-headless"], { configDir });
    expect(first.code).toBe(0);
    expect(first.stderr).toMatch(/^Authorizing without a browser: following http:\/\/127\.0\.0\.1:\d+\/as\/authorize\?response_type=code&client_id=dcr-/m);
    expect(first.stdout).toContain("mcp");
    const second = await runCli(["tools", "--server", fixture.url, "--json"], { configDir });
    expect(second.code).toBe(0);
    expect(second.stderr).not.toContain("authoriz");
    expect((jsonOf(second).tools as { name: string }[]).map((t) => t.name)).toContain("whoami");
    const state = await fixture.state();
    expect(state.registrations).toHaveLength(1);
    expect(state.tokenRequests).toHaveLength(1);
  });

  it("--client-id and --client-secret use a pre-registered client instead of registering", async () => {
    const fixture = await oauthFixture("--client=cli-client:cli-secret-123", "--no-dcr");
    const ran = await runCli(["ping", "--server", fixture.url, "--auth-headless", "--client-id", "cli-client", "--client-secret", "cli-secret-123"]);
    expect(ran.code).toBe(0);
    expect(ran.stderr).not.toContain("cli-secret-123");
    const state = await fixture.state();
    expect(state.registrations).toHaveLength(0);
    // A confidential client: its secret goes in HTTP Basic, its id in the authorization request.
    expect(state.authorizeRequests[0]).toMatchObject({ client_id: "cli-client" });
    expect(state.tokenRequests[0]).toMatchObject({ basic: true });
  });

  it.runIf(POSIX_SIGNALS)("without --auth-headless the page is printed on stderr for the user; Ctrl+C while waiting exits 130", async () => {
    const fixture = await oauthFixture();
    const running = startCli(["tools", "--server", fixture.url], { env: { PATH: "/nonexistent" } });
    await running.stderrMatches(/Open this page to authorize, then come back here:\n {2}http:\/\/127\.0\.0\.1:\d+\/as\/authorize\?/);
    running.child.kill("SIGINT");
    const ran = await running.exited;
    expect(ran.code).toBe(130);
    expect(ran.stdout).toBe("");
  });

  it("the OAuth options are refused for a stdio server (usage, exit 2)", async () => {
    const ran = await runCli(["tools", "--server", "node server.js", "--client-id", "x"]);
    expect(ran.code).toBe(2);
    expect(ran.stderr.trim()).toBe("mcp-task-inspector: the OAuth options are for HTTP servers; this one runs over stdio");
  });
});
