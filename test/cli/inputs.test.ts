// What the server asks the user reaches the CLI as pending inputs, as it reaches the UI, and is answered
// from the flags: elicitation (--elicitation, --accept-defaults), sampling (--sampling), roots (--root).
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { everythingStdio, fixtureStdio, jsonOf, runCli } from "./harness.js";

const modern = fixtureStdio("modern/modern-server.mjs", "--modern-only");
const SAMPLED = '{"model":"cli-test-model","role":"assistant","content":{"type":"text","text":"a sampled answer"}}';

describe("CLI elicitation answers (server-everything's trigger-elicitation-request)", () => {
  it("--accept-defaults accepts with the requested schema's defaults; --elicitation's content gives the required field that has none", async () => {
    const ran = await runCli(["call", "trigger-elicitation-request", "--server", everythingStdio, "--accept-defaults", "--elicitation", '{"action":"accept","content":{"name":"Ada"}}', "--json"]);
    expect(ran.code).toBe(0);
    const text = (jsonOf(ran).content as { text: string }[]).map((c) => c.text).join("\n");
    const raw = JSON.parse(text.slice(text.indexOf("{"))) as { action: string; content: Record<string, unknown> };
    // The defaults of server-everything's schema, as the server received them.
    expect(raw).toEqual({
      action: "accept",
      content: expect.objectContaining({ name: "Ada", firstLine: "It was a dark and stormy night.", integer: 42, number: 3.14, untitledSingleSelectEnum: "Monica", titledMultipleSelectEnum: ["fish-1"] }),
    });
    // Exactly the status lines: checking the answer against the schema says nothing of its own (ajv's
    // "unknown format" warnings would otherwise land on the CLI's stderr).
    expect(ran.stderr.trim().split("\n")).toEqual([
      expect.stringMatching(/^Connecting to /),
      expect.stringMatching(/^Connected to mcp-servers\/everything /),
      'Elicitation "Please provide inputs for the following fields:": accept (--elicitation and --accept-defaults)',
    ]);
  });

  it("--accept-defaults alone declines a form whose required field has no default, and says how to give it", async () => {
    const ran = await runCli(["call", "trigger-elicitation-request", "--server", everythingStdio, "--accept-defaults"]);
    expect(ran.code).toBe(0);
    expect(ran.stdout).toContain('"action": "decline"');
    expect(ran.stderr).toContain(`its required "name" has no default; give it with --elicitation '{"action":"accept","content":{"name":…}}' next to --accept-defaults`);
  });

  it("without an answer flag the elicitation is declined, with a line on stderr naming the flags that would answer it", async () => {
    const ran = await runCli(["call", "trigger-elicitation-request", "--server", everythingStdio, "--quiet"]);
    expect(ran.code).toBe(0);
    expect(ran.stdout).toContain("User declined");
    // Even with --quiet: the user must learn why the server got a decline.
    expect(ran.stderr.trim()).toBe('Elicitation "Please provide inputs for the following fields:" declined: pass --elicitation <file|json> or --accept-defaults to answer it');
  });

  it("--elicitation as a file holding a map keyed by the elicitation's message (I1: a 2026-07-28 multi round-trip request's rounds)", async () => {
    const file = join(mkdtempSync(join(tmpdir(), "cli-elicit-")), "answers.json");
    writeFileSync(file, JSON.stringify({ "Your name?": { action: "accept", content: { name: "Grace" } } }));
    const ran = await runCli(["call", "interview", "--server", modern, "--elicitation", file, "--sampling", SAMPLED, "--json"]);
    expect(ran.code).toBe(0);
    expect(JSON.stringify(jsonOf(ran))).toContain("Grace");
    expect(jsonOf(ran).inputRounds).toBeGreaterThan(1);
  });
});

describe("CLI URL-mode elicitation (server-everything's trigger-url-elicitation)", () => {
  const args = ["call", "trigger-url-elicitation", "--args", '{"url":"https://example.com/finish?step=2"}', "--server", everythingStdio];

  it("is declined unless --elicitation accepts it (--accept-defaults is for forms); accepted, the URL is shown on stderr, never opened", async () => {
    const declined = await runCli([...args, "--accept-defaults"]);
    expect(declined.code).toBe(0);
    expect(declined.stdout).toContain("declined to open the URL");
    expect(declined.stderr).toContain(`Elicitation "Please open the link to complete this action." asks to open a URL; declined: pass --elicitation '{"action":"accept"}' to accept it`);
    const accepted = await runCli([...args, "--elicitation", '{"action":"accept"}']);
    expect(accepted.code).toBe(0);
    expect(accepted.stdout).toContain("User completed the URL elicitation flow");
    expect(accepted.stderr).toContain("Open this URL to complete it: https://example.com/finish?step=2\n");
  });
});

describe("CLI sampling answers (server-everything's trigger-sampling-request)", () => {
  it("--sampling answers with the CreateMessageResult given", async () => {
    const ran = await runCli(["call", "trigger-sampling-request", "--args", '{"prompt":"hello"}', "--server", everythingStdio, "--sampling", SAMPLED]);
    expect(ran.code).toBe(0);
    expect(ran.stdout).toContain("a sampled answer");
    expect(ran.stdout).toContain("cli-test-model");
    expect(ran.stderr).toContain("Sampling request answered with --sampling");
  });

  it("without --sampling the request is rejected (a JSON-RPC error for the server, so exit 1), and stderr names the flag", async () => {
    const ran = await runCli(["call", "trigger-sampling-request", "--args", '{"prompt":"hello"}', "--server", everythingStdio, "--accept-defaults", "--json"]);
    expect(ran.code).toBe(1);
    expect(ran.stderr).toContain("Sampling request rejected: pass --sampling <file|json> (a CreateMessageResult) to answer it");
  });
});

describe("CLI receiver tasks (the server sends task-augmented requests: server-everything's -async tools)", () => {
  it("R2/R7: a task-augmented elicitation and sampling request are answered from the flags; the server gets the answer through tasks/result", async () => {
    const elicited = await runCli(["call", "trigger-elicitation-request-async", "--server", everythingStdio, "--elicitation", '{"action":"accept","content":{"name":"Ada"}}']);
    expect(elicited.code).toBe(0);
    expect(elicited.stdout).toMatch(/"io\.modelcontextprotocol\/related-task": \{\s+"taskId": "[^"]+"\s+\}[\s\S]*"action": "accept",\s+"content": \{\s+"name": "Ada"/);
    const sampled = await runCli(["call", "trigger-sampling-request-async", "--args", '{"prompt":"x"}', "--server", everythingStdio, "--sampling", SAMPLED]);
    expect(sampled.code).toBe(0);
    expect(sampled.stdout).toContain("a sampled answer");
  });
});

describe("CLI roots", () => {
  it("roots/list is answered with no roots unless --root is given, then with exactly those (server-everything's get-roots-list)", async () => {
    const none = await runCli(["call", "get-roots-list", "--server", everythingStdio]);
    expect(none.code).toBe(0);
    expect(none.stdout).toContain("no roots are currently configured");
    const two = await runCli(["call", "get-roots-list", "--server", everythingStdio, "--root", "file:///tmp/project%20a", "--root", "file:///srv/b"]);
    expect(two.code).toBe(0);
    expect(two.stdout).toContain("Current MCP Roots (2 total)");
    expect(two.stdout).toMatch(/URI: file:\/\/\/tmp\/project%20a\n[\s\S]*URI: file:\/\/\/srv\/b\n/);
  });

  it("a --root that is not a file:// URI is a usage error", async () => {
    const ran = await runCli(["call", "get-roots-list", "--server", everythingStdio, "--root", "/tmp/x"]);
    expect(ran.code).toBe(2);
    expect(ran.stderr.trim()).toBe("mcp-task-inspector: --root /tmp/x: a root must be a file:// URI (file:///home/me/project)");
  });
});
