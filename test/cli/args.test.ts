// The CLI's own parsing, without a process: --server's command line split like a shell splits it, the
// flags read into one object, the answer flags read once (a bad file is a usage error before connecting).
import { generateKeyPairSync } from "node:crypto";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parseCli, UsageError } from "../../main/cli/args.js";
import { readAnswers, schemaDefaults } from "../../main/cli/answers.js";
import { chooseServer } from "../../main/cli/servers.js";
import { shellWords } from "../../shared/shellWords.js";

const NO_OVERRIDES = { headers: {}, roots: [] };

describe("shellWords", () => {
  it.each([
    ["node server.js", ["node", "server.js"]],
    ["  node   'my server.js'  --name \"a b\" ", ["node", "my server.js", "--name", "a b"]],
    ['python -c "print(\\"hi\\")"', ["python", "-c", 'print("hi")']],
    ["a\\ b 'it'\\''s' \"$HOME\" ''", ["a b", "it's", "$HOME", ""]],
    ["x 'a\"b' \"c'd\"", ["x", 'a"b', "c'd"]],
  ])("%s", (line, words) => {
    expect(shellWords(line)).toEqual(words);
  });

  it("refuses an unclosed quote rather than guessing", () => {
    expect(() => shellWords('node "server.js')).toThrow("the server command has an unclosed double quote");
  });
});

describe("parseCli", () => {
  it("reads a call with everything a script may give", () => {
    const args = parseCli(["call", "echo", "--args", '{"message":"hi"}', "--server", "node s.js", "--era", "2026-07-28", "--json", "--timeout", "5000", "--header", "X-A: 1", "--header", "X-B:two words", "--root", "file:///a", "--root", "file:///b"]);
    expect(args).toMatchObject({ command: "call", target: "echo", args: { message: "hi" }, server: "node s.js", era: "2026-07-28", json: true, timeoutMs: 5000, headers: { "X-A": "1", "X-B": "two words" }, roots: ["file:///a", "file:///b"] });
  });

  it.each([
    [["ping", "extra", "--server", "x"], 'ping takes no argument, but "extra" was given (quote a --server command line as one argument)'],
    [["tools", "--server", "x", "--args", "{}"], "--args is for call, get-prompt and load, not tools"],
    [["get-prompt", "p", "--server", "x", "--args", '{"n":1}'], 'prompt arguments are strings: "n" is not'],
    [["call", "t", "--server", "x", "--ttl", "100"], "--ttl needs --task"],
    [["tools", "--server", "x", "--header", "no colon"], `--header must be 'Name: value', not "no colon"`],
    [["tools", "--server", "x", "--transport", "carrier-pigeon"], '--transport must be sse or streamableHttp (stdio is chosen by giving a command), not "carrier-pigeon"'],
    [["tools", "--server", "x", "--client-credentials", "--client-id", "c"], "--client-credentials needs --client-id, and --client-secret or --private-key"],
    [["tools", "--server", "x", "--client-credentials", "--client-id", "c", "--private-key", "/no/such/key.pem"], "--private-key /no/such/key.pem: no such file"],
    [["tools", "--server", "x", "--private-key", "/k.pem"], "--private-key is for --client-credentials (private_key_jwt)"],
    [["tools", "--server", "x", "--workload-jwt", "a.b.c", "--client-credentials", "--client-id", "c", "--client-secret", "s"], "--client-credentials and --workload-jwt are different grants: give one"],
    [["tools", "--server", "x", "--id-token", "a.b.c"], "--id-token needs --idp-token-endpoint <http(s) URL>, the identity provider's token endpoint"],
    [["tools", "--server", "x", "--idp-token-endpoint", "https://idp"], "the --idp-… options are for enterprise-managed authorization: give --id-token too"],
    [["tools", "--server", "x", "--dpop", "--no-dpop"], "--dpop and --no-dpop contradict each other"],
  ])("%j is a usage error", (argv, message) => {
    expect(() => parseCli(argv as string[])).toThrow(new UsageError(message as string));
  });
});

describe("parseCli: the authorization extensions' flags (issue 24)", () => {
  it("--client-credentials with --private-key reads the PEM file once and signs with the key's algorithm; --workload-jwt takes a JWT or a file holding one; --dpop / --no-dpop", () => {
    const dir = mkdtempSync(join(tmpdir(), "cli-auth-"));
    const pem = (generateKeyPairSync("ec", { namedCurve: "P-384" }).privateKey.export({ type: "pkcs8", format: "pem" }) as string).trim();
    writeFileSync(join(dir, "key.pem"), `${pem}\n`);
    writeFileSync(join(dir, "rsa.pem"), generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey.export({ type: "pkcs8", format: "pem" }));
    writeFileSync(join(dir, "ed.pem"), generateKeyPairSync("ed25519").privateKey.export({ type: "pkcs8", format: "pem" }));
    writeFileSync(join(dir, "broken.pem"), "-----BEGIN PRIVATE KEY-----\nMIGH\n-----END PRIVATE KEY-----\n");
    const keyFlags = (file: string) => ["tools", "--server", "https://x/mcp", "--client-credentials", "--client-id", "c", "--private-key", join(dir, file)];
    expect(parseCli(keyFlags("rsa.pem")).oauth.signingAlgorithm).toBe("RS256");
    expect(() => parseCli(keyFlags("ed.pem"))).toThrow(new UsageError("--private-key: a ed25519 key; private_key_jwt here signs with EC P-256, P-384, P-521 or RSA keys"));
    expect(() => parseCli(keyFlags("broken.pem"))).toThrow(/^--private-key: not a readable private key/);
    writeFileSync(join(dir, "token"), "eyJh.eyJz.c2ln\n");
    writeFileSync(join(dir, "not-a-jwt"), "hello");
    const key = parseCli(["tools", "--server", "https://x/mcp", "--client-credentials", "--client-id", "c", "--private-key", join(dir, "key.pem"), "--dpop"]);
    expect(key.oauth).toEqual({ clientId: "c", grant: "client_credentials", privateKeyPem: pem, signingAlgorithm: "ES384", dpop: true });
    expect(parseCli(["tools", "--server", "https://x/mcp", "--workload-jwt", join(dir, "token"), "--no-dpop"]).oauth).toEqual({ grant: "jwt_bearer", assertion: "eyJh.eyJz.c2ln", dpop: false });
    expect(parseCli(["tools", "--server", "https://x/mcp", "--workload-jwt", "eyJh.eyJz.c2ln"]).oauth).toEqual({ grant: "jwt_bearer", assertion: "eyJh.eyJz.c2ln" });
    expect(() => parseCli(["tools", "--server", "https://x/mcp", "--workload-jwt", join(dir, "not-a-jwt")])).toThrow(new UsageError("--workload-jwt: the file does not hold a JWT (header.payload.signature)"));
    expect(
      parseCli(["tools", "--server", "https://x/mcp", "--id-token", "eyJh.eyJz.c2ln", "--idp-token-endpoint", "https://idp.example/token", "--idp-client-id", "i", "--idp-client-secret", "s"]).oauth,
    ).toEqual({ grant: "id_jag", assertion: "eyJh.eyJz.c2ln", idpTokenEndpoint: "https://idp.example/token", idpClientId: "i", idpClientSecret: "s" });
  });
});

describe("chooseServer", () => {
  const saved = [{ id: "s1", name: "mine", era: "2025-11-25" as const, transport: { type: "stdio" as const, command: "node", args: ["a.js"], env: { KEY: "v" } }, features: { sampling: true, elicitationForm: true, elicitationUrl: true, roots: true, receiverTasks: true }, roots: [{ uri: "file:///saved" }] }];

  it("a saved name keeps its entry (id, era, env) but answers roots/list with --root only", () => {
    const choice = chooseServer("mine", saved, [], NO_OVERRIDES);
    expect(choice).toMatchObject({ serverId: "s1", source: "saved", config: { era: "2025-11-25", transport: { env: { KEY: "v" } }, roots: [] } });
  });

  it("a URL is Streamable HTTP unless --transport sse; --header is refused for a command line", () => {
    expect(chooseServer("https://example.com/mcp", [], [], NO_OVERRIDES).config.transport).toEqual({ type: "streamableHttp", url: "https://example.com/mcp", headers: {} });
    expect(chooseServer("https://example.com/sse", [], [], { ...NO_OVERRIDES, transport: "sse" }).config.transport.type).toBe("sse");
    expect(() => chooseServer("node s.js", [], [], { ...NO_OVERRIDES, headers: { A: "b" } })).toThrow("--header is for HTTP servers; this one runs over stdio");
    expect(chooseServer("node 'my dir/s.js' --x", [], [], NO_OVERRIDES).config.transport).toEqual({ type: "stdio", command: "node", args: ["my dir/s.js", "--x"], env: {} });
  });
});

describe("answer flags", () => {
  it("--elicitation: one ElicitResult, or a map keyed by message; from JSON or a file", () => {
    expect(readAnswers({ elicitation: '{"action":"decline"}', acceptDefaults: false }).elicitation).toEqual({ all: { action: "decline" } });
    const file = join(mkdtempSync(join(tmpdir(), "cli-answers-")), "a.json");
    writeFileSync(file, JSON.stringify({ "Your name?": { action: "accept", content: { name: "x" } } }));
    const read = readAnswers({ elicitation: file, acceptDefaults: false }).elicitation as { byMessage: Map<string, unknown> };
    expect(read.byMessage.get("Your name?")).toEqual({ action: "accept", content: { name: "x" } });
    expect(() => readAnswers({ elicitation: '{"action":"maybe"}', acceptDefaults: false })).toThrow('--elicitation: an ElicitResult needs "action": "accept", "decline" or "cancel"');
    expect(() => readAnswers({ sampling: "/no/such/file.json", acceptDefaults: false })).toThrow('--sampling: "/no/such/file.json" is neither JSON nor a file');
  });

  it("schemaDefaults takes each property's default and nothing else", () => {
    const params = { requestedSchema: { type: "object", properties: { a: { type: "string", default: "x" }, b: { type: "number" }, c: { type: "boolean", default: false } }, required: ["b"] } };
    expect(schemaDefaults(params)).toEqual({ a: "x", c: false });
    expect(schemaDefaults({ requestedSchema: "hostile" })).toEqual({});
  });
});
