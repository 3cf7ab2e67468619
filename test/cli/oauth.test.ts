// OAuth from the command line (issue 14): a server that answers 401 gets the authorization flow of the
// core; the CLI prints the page on stderr and opens it, or follows it itself with --auth-headless (for
// authorization servers that approve at once). Tokens are kept in the config folder for the next run.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
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
  return { url: `${origin}/mcp`, origin, state: async () =>
      (await (await fetch(`${origin}/__test/state`)).json()) as {
        tokenRequests: { client_id: string | null; basic: boolean; grant_type: string }[];
        registrations: unknown[];
        authorizeRequests: Record<string, string>[];
        jwtAssertions?: number;
        dpopProofs: { where: string; error?: string }[];
        mcpAuthorizations: string[];
        tokenExchanges: unknown[];
        assertions: { kind?: string; error?: string }[];
      },
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

  // Issue 24: the grants without a user and DPoP, from the command line.
  it("[extension] --client-credentials with --client-secret: a machine client's token without a browser (client_secret_basic)", async () => {
    const fixture = await oauthFixture("--client=machine:machine-secret-5");
    const ran = await runCli(["call", "whoami", "--server", fixture.url, "--client-credentials", "--client-id", "machine", "--client-secret", "machine-secret-5", "--scope", "mcp"]);
    expect(ran.code).toBe(0);
    expect(ran.stdout).toContain("scope: mcp");
    expect(ran.stderr).not.toContain("machine-secret-5");
    const state = await fixture.state();
    expect(state.authorizeRequests).toEqual([]);
    expect(state.tokenRequests).toMatchObject([{ grant_type: "client_credentials", basic: true }]);
  });

  it("[extension] --client-credentials with --private-key <file>: private_key_jwt signed with the file's key", async () => {
    const fixture = await oauthFixture();
    const { privateKeyPem } = (await (await fetch(`${fixture.origin}/__test/jwt-key`)).json()) as { privateKeyPem: string };
    const configDir = newConfigDir();
    const keyFile = join(configDir, "client.pem");
    writeFileSync(keyFile, privateKeyPem);
    const ran = await runCli(["ping", "--server", fixture.url, "--client-credentials", "--client-id", "jwt-client", "--private-key", keyFile], { configDir });
    expect(ran.code).toBe(0);
    expect((await fixture.state()).jwtAssertions).toBe(1);
  });

  it("[extension] --dpop: the token is bound to a key kept in the config folder, and the next run's proofs use the same key", async () => {
    const fixture = await oauthFixture("--dpop", "--dpop-nonce");
    const configDir = newConfigDir();
    const first = await runCli(["ping", "--server", fixture.url, "--auth-headless", "--dpop"], { configDir });
    expect(first.code).toBe(0);
    // The token request and its retry with the authorization server's nonce.
    expect((await fixture.state()).tokenRequests).toHaveLength(2);
    const second = await runCli(["ping", "--server", fixture.url, "--dpop"], { configDir });
    expect(second.code).toBe(0);
    const state = await fixture.state();
    expect(state.tokenRequests).toHaveLength(2);
    // Only the nonce rounds were refused: every proof was well made, with the token's key.
    expect(state.dpopProofs.filter((p) => p.error && p.error !== "use_dpop_nonce")).toEqual([]);
    expect(state.mcpAuthorizations.filter((a) => a !== "none" && a !== "DPoP")).toEqual([]);
  });

  it("[extension] --workload-jwt <file>: the jwt-bearer grant with the workload's JWT; an expired one exits 2 with the authorization server's reason, sent once", async () => {
    const fixture = await oauthFixture();
    const configDir = newConfigDir();
    const jwtFile = join(configDir, "workload.jwt");
    writeFileSync(jwtFile, `${((await (await fetch(`${fixture.origin}/__test/workload-jwt`)).json()) as { jwt: string }).jwt}\n`);
    const ran = await runCli(["call", "whoami", "--server", fixture.url, "--client-id", "workload-client", "--workload-jwt", jwtFile, "--scope", "mcp"], { configDir });
    expect(ran.code).toBe(0);
    expect(ran.stdout).toContain("scope: mcp");

    const expired = ((await (await fetch(`${fixture.origin}/__test/workload-jwt?expired=1`)).json()) as { jwt: string }).jwt;
    const refused = await runCli(["ping", "--server", fixture.url, "--client-id", "workload-client", "--workload-jwt", expired], { configDir: newConfigDir() });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/refused the workload's JWT \(invalid_grant: the assertion has expired\)/);
    expect(refused.stderr).not.toContain(expired);
    expect((await fixture.state()).assertions).toEqual([{ kind: "workload" }, { kind: "workload", error: "expired" }]);
  });

  it("[extension] --id-token with --idp-token-endpoint: enterprise-managed authorization through the IdP's token exchange", async () => {
    const fixture = await oauthFixture();
    const { idToken } = (await (await fetch(`${fixture.origin}/__test/id-token`)).json()) as { idToken: string };
    const ran = await runCli([
      "ping",
      "--server",
      fixture.url,
      "--client-id",
      "ema-client",
      "--client-secret",
      "ema-secret-31",
      "--id-token",
      idToken,
      "--idp-token-endpoint",
      `${fixture.origin}/idp/token`,
      "--idp-client-id",
      "idp-client",
    ]);
    expect(ran.code).toBe(0);
    const state = await fixture.state();
    expect(state.tokenExchanges).toHaveLength(1);
    expect(state.assertions).toEqual([{ kind: "id-jag" }]);
  });
});
