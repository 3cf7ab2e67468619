// The contract's params schemas: every API method accepts a well-formed payload and rejects a malformed
// one with a message a person can act on ("path: what is wrong"), and the core never acts on one.
import { describe, expect, it } from "vitest";
import { InspectorCore } from "../../main/core/index.js";
import { API_METHODS, EVENT_NAMES, InvalidPayloadError, eventSchemas, isApiMethod, parseApiParams, type ApiMethod } from "../../shared/contract.js";

interface Case {
  valid: unknown;
  malformed: unknown;
  /** The readable part after "Invalid payload for <method>: ". */
  says: string | RegExp;
}

const S = { sessionId: "s-1" };

// A mapped type: adding a method to the contract without a case here fails the typecheck.
const cases: { [M in ApiMethod]: Case } = {
  connect: {
    valid: { server: { name: "local", transport: { type: "stdio", command: "node", args: ["server.js"] } } },
    malformed: { server: { name: "remote", transport: { type: "streamableHttp", url: "ftp://example.com/mcp" } } },
    says: "server.transport.url: must be an http(s) URL",
  },
  disconnect: { valid: S, malformed: {}, says: "sessionId: Invalid input: expected string, received undefined" },
  reconnect: { valid: S, malformed: { sessionId: 42 }, says: "sessionId: Invalid input: expected string, received number" },
  listSessions: { valid: {}, malformed: { sessionId: "s-1" }, says: '(payload): Unrecognized key: "sessionId"' },
  getSnapshot: { valid: undefined, malformed: "everything", says: "(payload): Invalid input: expected object, received string" },
  getLog: { valid: S, malformed: { sessionId: "" }, says: /^sessionId: Too small/ },
  ping: { valid: S, malformed: { ...S, timeout: 5 }, says: '(payload): Unrecognized key: "timeout"' },
  listTools: { valid: { ...S, cursor: "opaque" }, malformed: { ...S, cursor: 5 }, says: "cursor: Invalid input: expected string, received number" },
  listResources: { valid: S, malformed: { ...S, cursor: "c".repeat(10_001) }, says: /^cursor: Too big/ },
  listResourceTemplates: { valid: S, malformed: { sessionId: null }, says: "sessionId: Invalid input: expected string, received null" },
  readResource: { valid: { ...S, uri: "file:///a.txt" }, malformed: { ...S, uri: "" }, says: /^uri: Too small/ },
  subscribeResource: { valid: { ...S, uri: "file:///a.txt" }, malformed: { ...S, uri: "" }, says: /^uri: Too small/ },
  unsubscribeResource: { valid: { ...S, uri: "file:///a.txt" }, malformed: { ...S, uri: 7 }, says: /^uri: Invalid input/ },
  listPrompts: { valid: S, malformed: { ...S, page: 2 }, says: '(payload): Unrecognized key: "page"' },
  getPrompt: {
    valid: { ...S, name: "greet", arguments: { name: "Ada" } },
    malformed: { ...S, name: "greet", arguments: { name: 1 } },
    says: "arguments.name: Invalid input: expected string, received number",
  },
  setLoggingLevel: { valid: { ...S, level: "warning" }, malformed: { ...S, level: "verbose" }, says: /^level: Invalid option: expected one of "debug"\|"info"/ },
  setRoots: {
    valid: { ...S, roots: [{ uri: "file:///work", name: "Work" }] },
    malformed: { ...S, roots: [{ uri: "https://example.com" }] },
    says: "roots.0.uri: a root must be a file:// URI (file:///home/me/project)",
  },
  callTool: { valid: { ...S, name: "echo" }, malformed: { ...S, name: "echo", arguments: ["a"] }, says: "arguments: Invalid input: expected a JSON object" },
  callToolAsTask: { valid: { ...S, name: "long", ttl: 60_000 }, malformed: { ...S, name: "long", ttl: -5 }, says: /^ttl: Too small/ },
  refreshClientTasks: { valid: S, malformed: {}, says: "sessionId: Invalid input: expected string, received undefined" },
  cancelClientTask: { valid: { ...S, taskId: "t-1" }, malformed: S, says: "taskId: Invalid input: expected string, received undefined" },
  approveSampling: {
    valid: { pendingInputId: "p-1", result: { content: { type: "text", text: "hi" }, model: "gpt-x" } },
    malformed: { pendingInputId: "p-1", result: { content: { type: "text", text: "hi" }, model: "" } },
    says: /^result\.model: Too small/,
  },
  rejectSampling: { valid: { pendingInputId: "p-1" }, malformed: { pendingInputId: "p-1", reason: 42 }, says: "reason: Invalid input: expected string, received number" },
  answerElicitation: {
    valid: { pendingInputId: "p-1", action: "accept", content: { name: "Ada" } },
    malformed: { pendingInputId: "p-1", action: "maybe" },
    says: /^action: Invalid discriminator value/,
  },
  cancelReceiverTask: { valid: { ...S, taskId: "t-1" }, malformed: { ...S, taskId: "" }, says: /^taskId: Too small/ },
  listServers: { valid: {}, malformed: [], says: "(payload): Invalid input: expected object, received array" },
  saveServer: {
    valid: { server: { name: "remote", transport: { type: "sse", url: "http://127.0.0.1:3001/sse", headers: { Authorization: "Bearer x" } } } },
    malformed: { server: { name: "remote", transport: { type: "sse", url: "http://127.0.0.1/sse", headers: { Authorization: 7 } } } },
    says: "server.transport.headers.Authorization: Invalid input: expected string, received number",
  },
  removeServer: { valid: { id: "srv-1" }, malformed: { id: "" }, says: /^id: Too small/ },
  importServers: { valid: { json: "{}" }, malformed: { json: { mcpServers: {} } }, says: "json: Invalid input: expected string, received object" },
  openExternal: { valid: { url: "https://modelcontextprotocol.io" }, malformed: { url: "javascript:alert(1)" }, says: "url: only http(s) links can be opened" },
  getSettings: { valid: {}, malformed: { verbose: true }, says: '(payload): Unrecognized key: "verbose"' },
  updateSettings: { valid: { logLimit: 200 }, malformed: { logLimit: 5 }, says: /^logLimit: Too small: expected number to be >=100/ },
  startToolRun: { valid: { ...S, name: "slow", asTask: false }, malformed: { ...S, name: "slow", asTask: "yes" }, says: "asTask: Invalid input: expected boolean, received string" },
  cancelToolRun: { valid: { runId: 3 }, malformed: { runId: 0 }, says: /^runId: Too small/ },
  readResultPiece: { valid: { runId: 3, part: "result", offset: 0, maxBytes: 102_400 }, malformed: { runId: 3, part: "result", offset: 0, maxBytes: 64 * 1024 * 1024 }, says: /^maxBytes: Too big/ },
  dismissWithdrawnNotes: { valid: { pendingInputIds: ["p-1"] }, malformed: { pendingInputIds: "p-1" }, says: "pendingInputIds: Invalid input: expected array, received string" },
  removeSession: { valid: { sessionId: "s-1" }, malformed: { sessionId: "" }, says: "sessionId: Too small: expected string to have >=1 characters" },
  chooseRootFolder: { valid: {}, malformed: { path: "/etc" }, says: '(payload): Unrecognized key: "path"' },
  complete: {
    valid: { sessionId: "s-1", ref: { type: "ref/resource", uri: "demo://{id}" }, argument: { name: "id", value: "1" } },
    malformed: { sessionId: "s-1", ref: { type: "ref/tool", name: "x" }, argument: { name: "id", value: "1" } },
    says: "ref.type: Invalid discriminator value. Expected 'ref/prompt' | 'ref/resource'",
  },
  getTaskTimeline: { valid: { ...S, taskId: "t-1" }, malformed: { ...S }, says: "taskId: Invalid input: expected string, received undefined" },
  unfollowTaskTimeline: { valid: { ...S, taskId: "t-1" }, malformed: { ...S, taskId: "" }, says: /^taskId: Too small/ },
  getAuthSteps: { valid: { sessionId: "s-1" }, malformed: { sessionId: "" }, says: "sessionId: Too small: expected string to have >=1 characters" },
  clearAuthTokens: { valid: { url: "https://mcp.example.com/mcp" }, malformed: { url: "file:///etc/passwd" }, says: "url: only an http(s) server keeps tokens" },
  runLoad: { valid: { ...S, tool: "echo", arguments: { message: "hi" }, concurrency: 8, rate: 100, durationMs: 5000 }, malformed: { ...S, tool: "echo", concurrency: 65, durationMs: 5000 }, says: /^concurrency: / },
  stopLoad: { valid: S, malformed: {}, says: /^sessionId: / },
  runChecks: { valid: { ...S, areas: ["lifecycle"], calls: [{ tool: "echo", arguments: { text: "hi" } }] }, malformed: { ...S, areas: ["everything"] }, says: /^areas\.0: Invalid option/ },
  followClientTask: { valid: { sessionId: "s-1", taskId: "t-1" }, malformed: { sessionId: "s-1", taskId: "" }, says: "taskId: Too small: expected string to have >=1 characters" },
  listSkills: { valid: { ...S }, malformed: { ...S, cursor: 5 }, says: /^cursor: / },
  getSkill: { valid: { ...S, uri: "skill://a/SKILL.md" }, malformed: { ...S, uri: "" }, says: /^uri: Too small/ },
  loadSkill: { valid: { ...S, uri: "skill://a/SKILL.md" }, malformed: { ...S, uri: "x".repeat(3000) }, says: /^uri: Too big/ },
  readSkillFile: { valid: { ...S, skillUri: "skill://a/SKILL.md", uri: "skill://a/b.md" }, malformed: { ...S, uri: "skill://a/b.md" }, says: /^skillUri: / },
  verifySkill: { valid: { ...S, uri: "skill://a/SKILL.md" }, malformed: { ...S }, says: /^uri: / },
  readResourceDirectory: { valid: { ...S, uri: "skill://a" }, malformed: { ...S, uri: "skill://a", extra: 1 }, says: /Unrecognized key/ },
  readAppView: { valid: { sessionId: "s-1", toolName: "greet" }, malformed: { sessionId: "s-1", toolName: "greet", uri: "ui://x" }, says: "toolName: name either a tool or a ui:// URI" },
  appCallTool: { valid: { sessionId: "s-1", view: "ui://v", name: "app-add" }, malformed: { sessionId: "s-1", view: "", name: "app-add" }, says: "view: Too small: expected string to have >=1 characters" },
  logAppMessages: {
    valid: { sessionId: "s-1", view: "ui://v", messages: [{ direction: "host→app", message: {} }] },
    malformed: { sessionId: "s-1", view: "ui://v", messages: [{ direction: "sideways", message: {} }] },
    says: /messages\.0\.direction: Invalid option/,
  },
  saveRecording: { valid: { sessionId: "s-1", fromSeq: 4 }, malformed: { sessionId: "s-1", fromSeq: -1 }, says: "fromSeq: Too small: expected number to be >=0" },
  openRecording: { valid: { text: "{}" }, malformed: { text: 5 }, says: "text: Invalid input: expected string, received number" },
  recordingEntries: { valid: { handle: "recording-1", from: 0, count: 500 }, malformed: { handle: "recording-1", from: 0, count: 5001 }, says: "count: Too big: expected number to be <=5000" },
  recordingViews: { valid: { handle: "recording-1" }, malformed: { handle: "" }, says: "handle: Too small: expected string to have >=1 characters" },
  closeRecording: { valid: { handle: "recording-1" }, malformed: { handle: 5 }, says: "handle: Invalid input: expected string, received number" },
  diffRecordings: { valid: { a: "{}", b: { sessionId: "s1" } }, malformed: { a: "{}", b: { sessionId: "s1", text: "x" } }, says: 'b: Unrecognized key: "text"' },
  diagnoseServer: { valid: { server: { name: "s", transport: { type: "streamableHttp", url: "http://127.0.0.1:1/mcp" } } }, malformed: { server: { name: "s", transport: { type: "streamableHttp", url: "not a url" } } }, says: /^server\.transport\.url: / },
  listCollections: { valid: {}, malformed: { dir: "/" }, says: '(payload): Unrecognized key: "dir"' },
  addSavedCall: { valid: { file: "a.collection.json", call: { name: "c", kind: "tool", target: "echo" } }, malformed: { file: "../../etc/passwd", call: { name: "c", kind: "tool", target: "echo" } }, says: /file|Invalid input/ },
  saveCollection: { valid: { file: "a.collection.json", collection: { collection: 1, name: "a", calls: [] } }, malformed: { file: "a.collection.json", collection: { collection: 2, name: "a", calls: [] } }, says: /^collection\.collection: / },
  runCollection: { valid: { ...S, file: "a.collection.json" }, malformed: { ...S, file: "a.json" }, says: "file: a collection file name ends in .collection.json" },
  acceptSnapshot: { valid: { file: "a.collection.json", callIndex: 0, snapshot: null }, malformed: { file: "a.collection.json", callIndex: -1, snapshot: null }, says: /^callIndex: / },
  importCollection: { valid: { text: "{}" }, malformed: { text: 5 }, says: /^text: / },
};

function rejection(method: ApiMethod, raw: unknown): InvalidPayloadError {
  try {
    parseApiParams(method, raw);
  } catch (error) {
    expect(error).toBeInstanceOf(InvalidPayloadError);
    return error as InvalidPayloadError;
  }
  throw new Error(`${method} accepted ${JSON.stringify(raw)}`);
}

describe("API params schemas", () => {
  it("has a case for every method of the contract", () => {
    expect(Object.keys(cases).sort()).toEqual([...API_METHODS].sort());
  });

  it.each(API_METHODS)("%s: accepts a well-formed payload and rejects a malformed one with a readable message", (method) => {
    const { valid, malformed, says } = cases[method];
    expect(() => parseApiParams(method, valid)).not.toThrow();
    const error = rejection(method, malformed);
    const prefix = `Invalid payload for ${method}: `;
    expect(error.message.startsWith(prefix)).toBe(true);
    const rest = error.message.slice(prefix.length);
    if (typeof says === "string") expect(rest).toBe(says);
    else expect(rest).toMatch(says);
  });

  it.each(API_METHODS.filter((m) => m !== "answerElicitation" && m !== "updateSettings"))("%s: rejects an unknown key rather than ignoring it", (method) => {
    const valid = (cases[method].valid ?? {}) as Record<string, unknown>;
    expect(rejection(method, { ...valid, sneaky: 1 }).message).toBe(`Invalid payload for ${method}: (payload): Unrecognized key: "sneaky"`);
  });

  it("answerElicitation: decline and cancel carry no content; accept content must be an object", () => {
    expect(parseApiParams("answerElicitation", { pendingInputId: "p", action: "decline" })).toEqual({ pendingInputId: "p", action: "decline" });
    expect(rejection("answerElicitation", { pendingInputId: "p", action: "decline", content: {} }).message).toBe(
      'Invalid payload for answerElicitation: (payload): Unrecognized key: "content"',
    );
    expect(rejection("answerElicitation", { pendingInputId: "p", action: "accept", content: "yes" }).message).toBe(
      "Invalid payload for answerElicitation: content: Invalid input: expected a JSON object",
    );
  });

  it("updateSettings: only known settings, each within its range", () => {
    expect(parseApiParams("updateSettings", { requestTimeoutMs: 500, notificationsEnabled: false })).toEqual({ requestTimeoutMs: 500, notificationsEnabled: false });
    expect(rejection("updateSettings", { fontSize: 20 }).message).toBe('Invalid payload for updateSettings: (payload): Unrecognized key: "fontSize"');
    // Issue 21: the theme is a setting now, one of three.
    expect(parseApiParams("updateSettings", { theme: "dark" })).toEqual({ theme: "dark" });
    expect(rejection("updateSettings", { theme: "sepia" }).message).toMatch(/^Invalid payload for updateSettings: theme: /);
    expect(rejection("updateSettings", { receiverTaskPollIntervalMs: 1 }).message).toMatch(/^Invalid payload for updateSettings: receiverTaskPollIntervalMs: Too small/);
  });

  it("lists at most five problems, each with its path", () => {
    const error = rejection("connect", { server: { name: "", transport: { type: "stdio", command: "", args: [1], env: { A: 2 } } } });
    const problems = error.message.slice("Invalid payload for connect: ".length).split("; ");
    expect(problems.length).toBeGreaterThanOrEqual(2);
    expect(problems.length).toBeLessThanOrEqual(5);
    expect(problems).toContain("server.transport.command: command must not be empty");
    for (const problem of problems) expect(problem).toMatch(/^[\w.()]+: \S/);
  });

  it("fills defaults the core relies on", () => {
    expect(parseApiParams("connect", cases.connect.valid).server).toEqual({
      name: "local",
      era: "auto",
      transport: { type: "stdio", command: "node", args: ["server.js"], env: {} },
      features: { sampling: true, elicitationForm: true, elicitationUrl: true, roots: true, receiverTasks: true },
    });
    expect(parseApiParams("callTool", { ...S, name: "echo" }).arguments).toEqual({});
  });

  it("an unknown method is refused by name", () => {
    expect(isApiMethod("callTool")).toBe(true);
    expect(isApiMethod("__proto__")).toBe(false);
    expect(isApiMethod("toString")).toBe(false);
    expect(() => parseApiParams("deleteEverything" as ApiMethod, {})).toThrow("Unknown method: deleteEverything");
  });
});

describe("the core never acts on a malformed payload", () => {
  it.each(API_METHODS)("%s: dispatch rejects the malformed payload before any handler runs", async (method) => {
    const core = new InspectorCore();
    const events: unknown[] = [];
    core.subscribe((e) => events.push(e));
    await expect(core.dispatch(method, cases[method].malformed)).rejects.toBeInstanceOf(InvalidPayloadError);
    expect(events).toEqual([]);
    expect(await core.dispatch("listSessions", {})).toEqual([]);
    expect(core.getSettings().logLimit).toBe(5000);
  });
});

describe("event schemas", () => {
  it("every event has a schema that rejects a payload of the wrong shape", () => {
    for (const name of EVENT_NAMES) {
      expect(eventSchemas[name].safeParse("not an object").success).toBe(false);
      expect(eventSchemas[name].safeParse({}).success).toBe(false);
    }
  });
});

describe("schema property names a server chose", () => {
  it("an answer's content keeps every key, \"__proto__\", \"constructor\" and \"toString\" included, as own keys", () => {
    const content = JSON.parse('{"__proto__":"p","constructor":"c","toString":"t","hasOwnProperty":"h"}') as Record<string, unknown>;
    const parsed = parseApiParams("answerElicitation", { pendingInputId: "p1", action: "accept", content });
    if (parsed.action !== "accept") throw new Error("unreachable");
    expect(JSON.stringify(parsed.content)).toBe('{"__proto__":"p","constructor":"c","toString":"t","hasOwnProperty":"h"}');
    expect(Object.getPrototypeOf(parsed.content)).toBe(Object.prototype);
    const call = parseApiParams("callTool", { sessionId: "s", name: "t", arguments: content });
    expect(Object.keys(call.arguments)).toEqual(["__proto__", "constructor", "toString", "hasOwnProperty"]);
  });
});
