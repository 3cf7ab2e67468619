// Readable errors: a tools/list or tools/call result (issue 19: and resources/list, resources/templates/list,
// prompts/list in both eras, and a modern task's completed result) that fails the SDK's schema (zod) is one line that
// names the field and what was wrong, and points at the raw response in the session's log. Real stdio,
// against test/fixtures/hostile-server.mjs, which writes whatever JSON it is told to.
import { describe, expect, it } from "vitest";
import { rawResponseSeqOf } from "../../shared/rawResponse.js";
import { createHarness } from "../helpers/harness.js";
import { fixtureServer } from "../helpers/servers.js";
import { connectHostile } from "../hostile/hostile.js";

describe("readable schema errors", () => {
  it("a tools/list with one malformed tool lists the others, and says in one line which field is wrong; the raw response is the log entry it names", async () => {
    const h = createHarness();
    const s = await connectHostile(h, "malformed");
    const before = (await h.core.dispatch("listTools", { sessionId: s.sessionId })).tools.map((t) => t.name);
    expect(before).toContain("break-tools-list");
    await s.call("break-tools-list");

    const page = await h.core.dispatch("listTools", { sessionId: s.sessionId });
    expect(page.tools.map((t) => t.name)).toEqual(before);
    expect(page.problem).toMatch(
      /^The server's tools\/list response does not fit the MCP schema: tools\.\d+\.name: .*expected string, received number\. 1 of \d+ tools left out; the others are listed\. Raw response: message #\d+ in the Logs tab\.$/,
    );
    expect(page.problem).not.toContain("\n");
    const raw = (await s.log()).find((e) => e.seq === rawResponseSeqOf(page.problem!));
    expect(raw).toMatchObject({ direction: "in", method: "tools/list" });
    expect(JSON.stringify(raw?.payload)).toContain('"name":42');
    // The tools that fit still run.
    expect(await s.call("stats")).toHaveProperty("getCount");
  });

  it("a tools/list page that is itself broken (its nextCursor a number) fails in one line, not a zod dump", async () => {
    const h = createHarness();
    const s = await connectHostile(h, "malformed");
    await h.core.dispatch("listTools", { sessionId: s.sessionId });
    await s.call("break-tools-list", { how: "cursor" });
    const error = await h.core.dispatch("listTools", { sessionId: s.sessionId }).then(
      () => undefined,
      (e: Error) => e,
    );
    expect(error?.message).toMatch(/^The server's tools\/list response does not fit the MCP schema: nextCursor: .*expected string, received number\. Raw response: message #\d+ in the Logs tab\.$/);
    expect(error?.message).not.toContain('"code"');
  });

  it("a malformed tools/call result fails the call and the run with one line naming the content field; the session keeps working", async () => {
    const h = createHarness();
    const s = await connectHostile(h, "malformed");
    const line = '{"jsonrpc":"2.0","id":ID,"result":{"content":[{"type":"text","text":"fine"},{"type":"image","mimeType":"image/png"}]}}';

    await expect(h.core.dispatch("callTool", { sessionId: s.sessionId, name: "bad-answer", arguments: { line } })).rejects.toThrow(
      /^The server's tools\/call response does not fit the MCP schema: content\.1\.data: .*expected string, received undefined\. Raw response: message #\d+ in the Logs tab\.$/,
    );

    const { runId } = await h.core.dispatch("startToolRun", { sessionId: s.sessionId, name: "bad-answer", arguments: { line } });
    const run = await h.waitFor("toolRunChanged", (r) => r.runId === runId && r.status !== "running");
    expect(run.status).toBe("error");
    expect(run.error).toMatch(/^The server's tools\/call response does not fit the MCP schema: content\.1\.data: /);
    const raw = (await s.log()).find((e) => e.seq === rawResponseSeqOf(run.error!));
    expect(raw).toMatchObject({ direction: "in", method: "tools/call" });
    expect(JSON.stringify(raw?.payload)).toContain('"mimeType":"image/png"');

    expect(await s.ping()).toHaveProperty("roundTripMs");
  });

  it("a run as a task whose tasks/result is malformed says so in one line on the task, pointing at the raw response", async () => {
    const h = createHarness();
    const s = await connectHostile(h, "malformed");
    const { runId } = await h.core.dispatch("startToolRun", { sessionId: s.sessionId, name: "malformed-task", arguments: {}, asTask: true });
    const run = await h.waitFor("toolRunChanged", (r) => r.runId === runId && r.taskId !== undefined);
    const task = await h.waitFor("clientTaskChanged", (t) => t.task.taskId === run.taskId && t.pollError !== undefined);
    expect(task.pollError).toMatch(/^tasks\/result failed: The server's tasks\/result response does not fit the MCP schema: content\.0\.data: .*expected string, received undefined\. Raw response: message #\d+ in the Logs tab\.$/);
    const raw = (await s.log()).find((e) => e.seq === rawResponseSeqOf(task.pollError!));
    expect(raw).toMatchObject({ direction: "in", method: "tasks/result" });
  });

  it("2026-07-28: a malformed tools/list and tools/call result are the same one line, pointing at the raw response", async () => {
    const h = createHarness();
    const { sessionId, era } = await h.core.dispatch("connect", { server: { ...fixtureServer("modern/malformed-server.mjs"), era: "2026-07-28" } });
    expect(era).toBe("modern");
    const failure = (promise: Promise<unknown>) =>
      promise.then(
        () => undefined,
        (e: Error) => e.message,
      );
    const rawOf = async (message: string | undefined) => (await h.core.dispatch("getLog", { sessionId })).entries.find((e) => e.seq === rawResponseSeqOf(message ?? ""));

    const call = await failure(h.core.dispatch("callTool", { sessionId, name: "malformed-result", arguments: {} }));
    expect(call).toMatch(/^The server's tools\/call response does not fit the MCP schema: content\.1\.data: .*expected string, received undefined\. Raw response: message #\d+ in the Logs tab\.$/);
    expect(await rawOf(call)).toMatchObject({ direction: "in", method: "tools/call", payload: { result: { content: [{ type: "text" }, { type: "image", mimeType: "image/png" }] } } });

    await h.core.dispatch("callTool", { sessionId, name: "break-tools-list", arguments: {} });
    const page = await h.core.dispatch("listTools", { sessionId });
    expect(page.tools.map((t) => t.name)).toEqual(["malformed-result", "break-tools-list"]);
    expect(page.problem).toMatch(/^The server's tools\/list response does not fit the MCP schema: tools\.2\.name: .*expected string, received number\. 1 of 3 tools left out; the others are listed\. Raw response: message #\d+ in the Logs tab\.$/);
    expect(JSON.stringify((await rawOf(page.problem))?.payload)).toContain('"name":42');
  });

  it("resources/list, resources/templates/list and prompts/list that do not fit the schema fail in one line naming the field, pointing at the raw response (2025-11-25)", async () => {
    const h = createHarness();
    const s = await connectHostile(h, "malformed");
    const failure = (promise: Promise<unknown>) =>
      promise.then(
        () => undefined,
        (e: Error) => e.message,
      );
    const resources = await failure(h.core.dispatch("listResources", { sessionId: s.sessionId }));
    expect(resources).toMatch(/^The server's resources\/list response does not fit the MCP schema: resources\.1\.uri: .*expected string, received number\. Raw response: message #\d+ in the Logs tab\.$/);
    const templates = await failure(h.core.dispatch("listResourceTemplates", { sessionId: s.sessionId }));
    expect(templates).toMatch(/^The server's resources\/templates\/list response does not fit the MCP schema: resourceTemplates\.0\.uriTemplate: .*expected string, received undefined\. Raw response: message #\d+ in the Logs tab\.$/);
    const prompts = await failure(h.core.dispatch("listPrompts", { sessionId: s.sessionId }));
    expect(prompts).toMatch(/^The server's prompts\/list response does not fit the MCP schema: prompts\.0\.arguments\.0\.name: .*expected string, received number\. Raw response: message #\d+ in the Logs tab\.$/);
    const log = await s.log();
    for (const [message, method] of [[resources, "resources/list"], [templates, "resources/templates/list"], [prompts, "prompts/list"]] as const) {
      expect(message).not.toContain("\n");
      expect(log.find((e) => e.seq === rawResponseSeqOf(message!))).toMatchObject({ direction: "in", method });
    }
    expect(await s.ping()).toHaveProperty("roundTripMs");
  });

  it("2026-07-28: resources/list, resources/templates/list and prompts/list that do not fit fail in the same one line; a task's malformed completed result names its field", async () => {
    const h = createHarness();
    const { sessionId } = await h.core.dispatch("connect", { server: { ...fixtureServer("modern/malformed-server.mjs"), era: "2026-07-28" } });
    const failure = (promise: Promise<unknown>) =>
      promise.then(
        () => undefined,
        (e: Error) => e.message,
      );
    const rawOf = async (message: string | undefined) => (await h.core.dispatch("getLog", { sessionId })).entries.find((e) => e.seq === rawResponseSeqOf(message ?? ""));
    const resources = await failure(h.core.dispatch("listResources", { sessionId }));
    expect(resources).toMatch(/^The server's resources\/list response does not fit the MCP schema: resources\.1\.uri: .*expected string, received number\. Raw response: message #\d+ in the Logs tab\.$/);
    expect(await rawOf(resources)).toMatchObject({ direction: "in", method: "resources/list" });
    const templates = await failure(h.core.dispatch("listResourceTemplates", { sessionId }));
    expect(templates).toMatch(/^The server's resources\/templates\/list response does not fit the MCP schema: resourceTemplates\.0\.uriTemplate: .*expected string, received undefined\. Raw response: message #\d+ in the Logs tab\.$/);
    const prompts = await failure(h.core.dispatch("listPrompts", { sessionId }));
    expect(prompts).toMatch(/^The server's prompts\/list response does not fit the MCP schema: prompts\.0\.arguments\.0\.name: .*expected string, received number\. Raw response: message #\d+ in the Logs tab\.$/);

    const started = await h.core.dispatch("callTool", { sessionId, name: "malformed-task", arguments: {} });
    const taskId = started.startedTask!.task.taskId;
    const task = await h.waitFor("clientTaskChanged", (t) => t.task.taskId === taskId && t.pollError !== undefined);
    expect(task.task.status).toBe("completed");
    expect(task.pollError).toMatch(/^The completed task's result is not a tool result\. The server's tasks\/get response does not fit the MCP schema: result\.content\.0\.data: .*expected string, received undefined\. Raw response: message #\d+ in the Logs tab\.$/);
    expect(await rawOf(task.pollError)).toMatchObject({ direction: "in", method: "tasks/get" });
  });
});
