#!/usr/bin/env node
// The conformance runner's client: `conformance client --command "node test/conformance/adapter.mjs"` appends
// the scenario server's URL and sets MCP_CONFORMANCE_SCENARIO (and MCP_CONFORMANCE_PROTOCOL_VERSION, and for
// some scenarios MCP_CONFORMANCE_CONTEXT). This drives OUR command-line inspector the way the scenario asks, a
// user's commands in a row; it never answers a check itself: every byte the scenario server sees comes from
// the CLI (and so from main/core).
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const BIN = fileURLToPath(new URL("../../bin/mcp-task-inspector.mjs", import.meta.url));
// The CLI runs on the Node the test suite runs on (users keep theirs), not the runner's Node 22.
const NODE = process.env.MCP_TASK_INSPECTOR_NODE || process.execPath;

const url = process.argv.at(-1);
const scenario = process.env.MCP_CONFORMANCE_SCENARIO ?? "";
// Our eras: 2026-07-28, or the stateful lifecycle (2025-11-25, which negotiates down to older dated versions).
const era = process.env.MCP_CONFORMANCE_PROTOCOL_VERSION === "2026-07-28" ? "2026-07-28" : "2025-11-25";
const context = parseContext(process.env.MCP_CONFORMANCE_CONTEXT);
// Each scenario gets its own saved servers and tokens: scenarios run side by side, and a token one of
// them stored must never answer another's 401.
const configDir = mkdtempSync(join(tmpdir(), "mcp-task-inspector-conformance-"));
process.on("exit", () => rmSync(configDir, { recursive: true, force: true }));
// A pre-registered client, when the scenario hands one over (as a user would type it).
// Otherwise the client ID metadata document URL the suite's authorization servers know (SEP-991), which a
// user gives with --client-metadata-url; the core uses it only where the server advertises support.
const clientFlags = typeof context.client_id === "string"
  ? ["--client-id", context.client_id, ...(typeof context.client_secret === "string" ? ["--client-secret", context.client_secret] : [])]
  : scenario.startsWith("auth/") ? ["--client-metadata-url", "https://conformance-test.local/client-metadata.json"] : [];
clientFlags.push(...grantFlags());

/**
 * The authorization extensions' scenarios hand over what a user would give on the command line: a machine
 * client's key (as a file, like a user's), a workload's JWT, an enterprise IdP's ID token and endpoint.
 * DPoP needs nothing: the CLI uses it when the server challenges with the DPoP scheme.
 */
function grantFlags() {
  const file = (name, text) => {
    const path = join(configDir, name);
    writeFileSync(path, text, { mode: 0o600 });
    return path;
  };
  switch (scenario) {
    case "auth/client-credentials-basic":
      return ["--client-credentials"];
    case "auth/client-credentials-jwt":
      return typeof context.private_key_pem === "string" ? ["--client-credentials", "--private-key", file("client-key.pem", context.private_key_pem)] : [];
    case "auth/wif-jwt-bearer":
      return typeof context.valid_jwt === "string" ? ["--workload-jwt", file("workload.jwt", context.valid_jwt)] : [];
    case "auth/enterprise-managed-authorization":
      return typeof context.idp_id_token === "string" && typeof context.idp_token_endpoint === "string"
        ? ["--id-token", context.idp_id_token, "--idp-token-endpoint", context.idp_token_endpoint, ...(typeof context.idp_client_id === "string" ? ["--idp-client-id", context.idp_client_id] : [])]
        : [];
    default:
      return [];
  }
}

function parseContext(text) {
  if (!text) return {};
  try {
    return JSON.parse(text);
  } catch {
    return {};
  }
}

/** One CLI command against the scenario server; its stderr passes through, its --json document comes back. */
function cli(args, extra = []) {
  // --auth-headless: the scenarios' authorization servers approve at once, there is no one to click.
  const argv = [BIN, ...args, "--server", url, "--era", era, "--json", "--config-dir", configDir, "--auth-headless", ...clientFlags, ...extra];
  process.stderr.write(`adapter: mcp-task-inspector ${args.join(" ")} ${extra.join(" ")}\n`);
  return new Promise((resolve) => {
    const child = spawn(NODE, argv, { stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    // A scenario server is hostile like any other: what the CLI prints for it is kept to 8 MB.
    child.stdout.setEncoding("utf8").on("data", (chunk) => (out = (out + chunk).slice(0, 8_000_000)));
    child.stderr.pipe(process.stderr, { end: false });
    child.on("close", (code) => {
      process.stdout.write(out);
      let document;
      try {
        document = JSON.parse(out);
      } catch {
        document = undefined;
      }
      resolve({ code: code ?? 2, document });
    });
  });
}

/** The tools the CLI lists (a tool the client excluded is not here, so it is never called). */
async function listTools() {
  const { document } = await cli(["tools"]);
  const tools = document?.tools ?? document?.result?.tools ?? [];
  return Array.isArray(tools) ? tools : [];
}

/** Call every listed tool once with no arguments, answering elicitations with the schema's defaults. */
async function callEveryTool(extra = ["--accept-defaults"]) {
  let worst = 0;
  for (const tool of await listTools()) {
    const { code } = await cli(["call", tool.name, "--args", "{}"], extra);
    worst = Math.max(worst, code);
  }
  return worst;
}

async function listAndReadEverything() {
  let worst = await callEveryTool();
  const resources = (await cli(["resources"])).document?.resources ?? [];
  for (const resource of Array.isArray(resources) ? resources : []) worst = Math.max(worst, (await cli(["read", resource.uri])).code);
  const prompts = (await cli(["prompts"])).document?.prompts ?? [];
  for (const prompt of Array.isArray(prompts) ? prompts : []) {
    const args = Object.fromEntries((prompt.arguments ?? []).map((argument) => [argument.name, "value"]));
    worst = Math.max(worst, (await cli(["get-prompt", prompt.name, "--args", JSON.stringify(args)])).code);
  }
  return worst;
}

const scenarios = {
  // The initialize handshake (2025-11-25) is what is checked; listing tools makes the CLI connect.
  initialize: async () => (await cli(["tools"])).code,
  tools_call: async () => (await cli(["call", "add_numbers", "--args", JSON.stringify({ a: 2, b: 3 })])).code,
  "http-standard-headers": listAndReadEverything,
  // Only listing is asked for: the tool's schema has a network $ref the client must not fetch.
  "json-schema-ref-no-deref": async () => (await cli(["tools"])).code,
  // Pass back the focal tool's inputSchema exactly as the CLI shows it, so the scenario sees what we kept.
  "json-schema-2020-12-preservation": async () => {
    const focal = (await listTools()).find((tool) => tool.name === "json_schema_2020_12_tool");
    if (!focal) return 1;
    return (await cli(["call", "json_schema_echo", "--args", JSON.stringify({ schema: focal.inputSchema })])).code;
  },
  // The runner names the calls to make (header values of every kind, mirrored into Mcp-Param-*).
  "http-custom-headers": async () => {
    let worst = 0;
    for (const call of context.toolCalls ?? []) {
      worst = Math.max(worst, (await cli(["call", call.name, "--args", JSON.stringify(call.arguments ?? {})])).code);
    }
    return worst;
  },
  // Skills (SEP-2640): listing reads no file (no prefetch); --verify loads each skill, so its SKILL.md is read
  // and checked (size, digest, frontmatter), and a skill that fails has nothing more of it read (exit 1).
  "sep-2640-client-no-prefetch": async () => (await cli(["skills"])).code,
  "sep-2640-client-verify-digest": async () => (await cli(["skills", "--verify"])).code,
  "sep-2640-client-verify-size": async () => (await cli(["skills", "--verify"])).code,
  "sep-2640-client-verify-frontmatter": async () => (await cli(["skills", "--verify"])).code,
};

const run = scenarios[scenario] ?? (() => callEveryTool());
if (!url || !/^https?:\/\//.test(url)) {
  process.stderr.write("adapter: the runner passes the scenario server's URL as the last argument\n");
  process.exit(2);
}
process.exitCode = await run();
