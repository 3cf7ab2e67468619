// The renderer side as an attacker: every contract method called with random and malformed payloads
// (fast-check, seeded from each method's own schema), through `core.dispatch` and through browser mode's
// WebSocket. Each call is refused with a readable error, and the core's state does not move: same
// sessions, pending inputs, tasks, saved servers and settings, and not one event emitted.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { API_METHODS, apiMethods, InvalidPayloadError, type ApiMethod, type ApiParams } from "../../shared/contract.js";
import { startWebServer, type WebServer } from "../../main/web/server.js";
import type { Harness } from "../helpers/harness.js";
import { connectHostile, elicitParams, standingHarness, type HostileSession } from "./hostile.js";

const SID = "s-1";
const PID = "p-1";
const stdio = { name: "fuzz", transport: { type: "stdio" as const, command: "node", args: ["x.js"] } };

// One well-formed payload per method, to mutate. A mapped type: a new contract method fails the typecheck here.
const samples: { [M in ApiMethod]: ApiParams<M> } = {
  connect: { server: stdio },
  disconnect: { sessionId: SID },
  reconnect: { sessionId: SID },
  listSessions: {},
  getSnapshot: {},
  getLog: { sessionId: SID },
  ping: { sessionId: SID },
  listTools: { sessionId: SID, cursor: "c" },
  listResources: { sessionId: SID, cursor: "c" },
  listResourceTemplates: { sessionId: SID },
  readResource: { sessionId: SID, uri: "file:///a.txt" },
  subscribeResource: { sessionId: SID, uri: "file:///a.txt" },
  unsubscribeResource: { sessionId: SID, uri: "file:///a.txt" },
  listPrompts: { sessionId: SID },
  getPrompt: { sessionId: SID, name: "p", arguments: { a: "b" } },
  setLoggingLevel: { sessionId: SID, level: "info" },
  setRoots: { sessionId: SID, roots: [{ uri: "file:///tmp", name: "tmp" }] },
  callTool: { sessionId: SID, name: "t", arguments: { x: 1 } },
  callToolAsTask: { sessionId: SID, name: "t", arguments: {}, ttl: 1000 },
  refreshClientTasks: { sessionId: SID },
  cancelClientTask: { sessionId: SID, taskId: "t" },
  approveSampling: { pendingInputId: PID, result: { role: "assistant", content: { type: "text", text: "hi" }, model: "m", stopReason: "endTurn" } },
  rejectSampling: { pendingInputId: PID, reason: "no" },
  answerElicitation: { pendingInputId: PID, action: "accept", content: { name: "Ada" } },
  cancelReceiverTask: { sessionId: SID, taskId: "t" },
  listServers: {},
  saveServer: { id: "x", server: stdio },
  removeServer: { id: "x" },
  importServers: { json: "{}" },
  openExternal: { url: "https://example.com/" },
  getSettings: {},
  updateSettings: { logLimit: 1000, notificationsEnabled: false },
  startToolRun: { sessionId: SID, name: "t", arguments: { x: 1 }, asTask: false },
  cancelToolRun: { runId: 1 },
  readResultPiece: { runId: 1, part: "content", index: 0, offset: 0, maxBytes: 1024 },
  dismissWithdrawnNotes: { pendingInputIds: [PID] },
  removeSession: { sessionId: SID },
  chooseRootFolder: {},
  complete: { sessionId: SID, ref: { type: "ref/prompt", name: "p" }, argument: { name: "a", value: "v" }, context: { arguments: { b: "c" } } },
  getTaskTimeline: { sessionId: SID, taskId: "t" },
  unfollowTaskTimeline: { sessionId: SID, taskId: "t" },
  getAuthSteps: { sessionId: SID },
  clearAuthTokens: { url: "http://127.0.0.1:1/mcp" },
  followClientTask: { sessionId: SID, taskId: "t-1" },
  runLoad: { sessionId: SID, tool: "echo", concurrency: 1, durationMs: 1000 },
  stopLoad: { sessionId: SID },
  runChecks: { sessionId: SID, areas: ["lifecycle"], calls: [{ tool: "echo" }] },
  readAppView: { sessionId: SID, toolName: "greet" },
  listSkills: { sessionId: SID },
  getSkill: { sessionId: SID, uri: "skill://a/SKILL.md" },
  loadSkill: { sessionId: SID, uri: "skill://a/SKILL.md" },
  readSkillFile: { sessionId: SID, skillUri: "skill://a/SKILL.md", uri: "skill://a/b.md" },
  verifySkill: { sessionId: SID, uri: "skill://a/SKILL.md" },
  readResourceDirectory: { sessionId: SID, uri: "skill://a" },
  appCallTool: { sessionId: SID, view: "ui://v", name: "app-add", arguments: { a: 1 } },
  logAppMessages: { sessionId: SID, view: "ui://v", messages: [{ direction: "app→host", message: { jsonrpc: "2.0", method: "ui/initialize" } }] },
  saveRecording: { sessionId: SID, fromSeq: 3 },
  openRecording: { text: '{"mcprec":1}\n' },
  recordingEntries: { handle: "recording-1", from: 0, count: 500 },
  recordingViews: { handle: "recording-1" },
  closeRecording: { handle: "recording-1" },
  diffRecordings: { a: '{"mcprec":1}\n', b: { sessionId: "s1" } },
  diagnoseServer: { server: { name: "s", transport: { type: "stdio", command: "node", args: [] } } },
  listCollections: {},
  addSavedCall: { newCollectionName: "c", call: { name: "echo", kind: "tool", target: "echo", arguments: { message: "hi" } } },
  saveCollection: { file: "c.collection.json", collection: { collection: 1, name: "c", calls: [] } },
  runCollection: { sessionId: SID, file: "c.collection.json" },
  acceptSnapshot: { file: "c.collection.json", callIndex: 0, snapshot: { a: 1 } },
  importCollection: { text: '{"collection": 1, "name": "i", "calls": []}' },
};

type Path = (string | number)[];
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

function pathsOf(value: unknown, prefix: Path = []): Path[] {
  const here = [prefix];
  if (Array.isArray(value)) return here.concat(...value.map((v, i) => pathsOf(v, [...prefix, i])));
  if (isRecord(value)) return here.concat(...Object.entries(value).map(([k, v]) => pathsOf(v, [...prefix, k])));
  return here;
}

/** A deep copy of `value` with the node at `path` changed by `change` (which gets the parent and the key). */
function edit(value: unknown, path: Path, change: (parent: Record<string | number, unknown>, key: string | number) => void): unknown {
  if (path.length === 0) return undefined;
  const copy = structuredClone(value);
  let parent = copy as Record<string | number, unknown>;
  for (const key of path.slice(0, -1)) parent = parent[key] as Record<string | number, unknown>;
  change(parent, path.at(-1) as string | number);
  return copy;
}

const junk = fc.oneof(
  fc.anything({ maxDepth: 2 }),
  fc.string({ maxLength: 3000 }),
  fc.constantFrom(null, "", 0, -1, 1e308, Number.NaN, [], {}, "__proto__", "constructor", "toString", "javascript:alert(1)", "file:///etc/passwd", "\u202E", "a".repeat(20_000)),
);

/** Payloads built from the method's own sample: a node replaced, a key dropped, an unknown key added, or anything at all. */
function payloadsFor(method: ApiMethod): fc.Arbitrary<unknown> {
  const sample = samples[method];
  const paths = pathsOf(sample);
  const mutated = fc.tuple(fc.constantFrom(...paths), fc.nat(2), junk, fc.string({ minLength: 1, maxLength: 20 })).map(([path, how, value, key]) => {
    if (how === 0) return path.length === 0 ? value : edit(sample, path, (p, k) => (p[k] = value));
    if (how === 1) return edit(sample, path, (p, k) => (Array.isArray(p) ? p.splice(Number(k), 1) : delete p[k]));
    const target = path.length === 0 ? sample : path.reduce<unknown>((node, k) => (node as Record<string | number, unknown>)[k], sample);
    if (!isRecord(target)) return edit(sample, path, (p, k) => (p[k] = { [key]: value }));
    return path.length === 0 ? { ...sample, [key]: value } : edit(sample, path, (p, k) => (p[k] = { ...(p[k] as object), [key]: value }));
  });
  return fc.oneof(mutated, junk);
}

/** Malformed: what the contract's schema itself refuses (the core reads a missing payload as `{}`). */
const refusedBySchema = (method: ApiMethod, payload: unknown) => !apiMethods[method].params.safeParse(payload ?? {}).success;

async function stateOf(h: Harness) {
  const [snapshot, sessions, servers, settings] = await Promise.all([
    h.core.dispatch("getSnapshot", {}),
    h.core.dispatch("listSessions", {}),
    h.core.dispatch("listServers", {}),
    h.core.dispatch("getSettings", {}),
  ]);
  return JSON.stringify({ snapshot, sessions, servers, settings });
}

describe("contract fuzzing: malformed payloads never act", () => {
  let h: Harness;
  let s: HostileSession;
  let before: string;
  let eventsBefore: number;

  beforeAll(async () => {
    h = standingHarness();
    s = await connectHostile(h);
    // Something to lose: a task-augmented and a plain pending input, and a saved server.
    await s.request("elicitation/create", elicitParams({ task: { ttl: 600_000 } }));
    await s.call("send", { method: "elicitation/create", params: elicitParams({ message: "plain" }) });
    await h.until(() => h.core.pendingInputs.list().length === 2, 10_000, "two pending inputs");
    await h.core.dispatch("saveServer", { server: stdio });
    before = await stateOf(h);
    eventsBefore = h.events.length;
  });

  afterAll(async () => {
    await h.core.shutdown();
  });

  it("every sample is well-formed (the fuzz starts from valid payloads)", () => {
    for (const method of API_METHODS) expect(refusedBySchema(method, samples[method]), method).toBe(false);
  });

  for (const method of API_METHODS) {
    it(`${method}: random and mutated payloads the schema refuses are rejected with "Invalid payload for ${method}: …"`, async () => {
      await fc.assert(
        fc.asyncProperty(payloadsFor(method).filter((p) => refusedBySchema(method, p)), async (payload) => {
          const error = await h.core.dispatch(method, payload as never).then(
            () => undefined,
            (e: unknown) => e,
          );
          expect(error).toBeInstanceOf(InvalidPayloadError);
          expect((error as Error).message).toMatch(new RegExp(`^Invalid payload for ${method}: \\S`));
          expect((error as Error).message.length).toBeLessThan(6000);
        }),
        { numRuns: 150 },
      );
      expect(h.events.length).toBe(eventsBefore);
      expect(await stateOf(h)).toBe(before);
    });
  }

  it("well-formed payloads that name no session, pending input, task or server are refused with a precise error", async () => {
    const id = fc.string({ minLength: 1, maxLength: 200 }).filter((x) => x !== s.sessionId && !h.core.pendingInputs.get(x));
    const calls = fc.oneof(
      id.map((sessionId) => ["ping", { sessionId }] as const),
      id.map((sessionId) => ["getLog", { sessionId }] as const),
      id.map((sessionId) => ["disconnect", { sessionId }] as const),
      id.map((sessionId) => ["reconnect", { sessionId }] as const),
      id.map((sessionId) => ["callTool", { sessionId, name: "emit", arguments: {} }] as const),
      id.map((taskId) => ["cancelClientTask", { sessionId: s.sessionId, taskId }] as const),
      id.map((taskId) => ["cancelReceiverTask", { sessionId: s.sessionId, taskId }] as const),
      id.map((pendingInputId) => ["answerElicitation", { pendingInputId, action: "decline" }] as const),
      id.map((pendingInputId) => ["rejectSampling", { pendingInputId }] as const),
      id.map((pendingInputId) => ["approveSampling", { pendingInputId, result: { content: { type: "text", text: "x" }, model: "m" } }] as const),
      id.map((serverId) => ["removeServer", { id: serverId }] as const),
      id.map((serverId) => ["saveServer", { id: serverId, server: stdio }] as const),
    );
    await fc.assert(
      fc.asyncProperty(calls, async ([method, payload]) => {
        const error = await h.core.dispatch(method, payload as never).then(
          () => undefined,
          (e: unknown) => e as Error,
        );
        expect(error?.message, `${method} ${JSON.stringify(payload)}`).toMatch(
          /^(No session .+|Unknown client task .+|No receiver task .+ in this session|No pending request with id .+|No saved server with id .+)$/s,
        );
      }),
      { numRuns: 300 },
    );
    expect(h.events.length).toBe(eventsBefore);
    expect(await stateOf(h)).toBe(before);
  });

  it("method names that are not in the contract are refused, whatever they are", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.string(), fc.constantFrom("constructor", "__proto__", "toString", "hasOwnProperty", "valueOf", "then", "handlers", "dispatch")).filter((m) => !(API_METHODS as string[]).includes(m)),
        junk,
        async (method, payload) => {
          await expect(h.core.dispatch(method as ApiMethod, payload)).rejects.toThrow(/^Unknown method: /);
        },
      ),
      { numRuns: 200 },
    );
    expect(await stateOf(h)).toBe(before);
  });
});

describe("contract fuzzing through browser mode's WebSocket", () => {
  let h: Harness;
  let web: WebServer;
  let dir: string;
  let before: string;

  beforeAll(async () => {
    h = standingHarness();
    const s = await connectHostile(h);
    await s.request("elicitation/create", elicitParams({ task: { ttl: 600_000 } }));
    await h.until(() => h.core.pendingInputs.list().length === 1, 10_000, "a pending input");
    dir = await mkdtemp(join(tmpdir(), "hostile-web-"));
    web = await startWebServer({ core: h.core, rendererDir: dir });
    before = await stateOf(h);
  });

  afterAll(async () => {
    await web.close();
    await rm(dir, { recursive: true, force: true });
    await h.core.shutdown();
  });

  /** One socket, opened as the inspector page would (token in the URL, the page's Origin). */
  async function open() {
    const ws = new WebSocket(web.apiUrl, { headers: { Origin: web.origin } });
    await new Promise<void>((resolve, reject) => {
      ws.once("open", () => resolve());
      ws.once("error", reject);
    });
    const results = new Map<number, (message: { ok: boolean; error?: { message: string } }) => void>();
    let closed: { code: number; reason: string } | undefined;
    const closedWaiters = new Set<() => void>();
    ws.on("message", (data) => {
      const message = JSON.parse(String(data)) as { type: string; id: number; ok: boolean; error?: { message: string } };
      if (message.type === "result") results.get(message.id)?.(message);
    });
    ws.on("close", (code, reason) => {
      closed = { code, reason: String(reason) };
      for (const w of closedWaiters) w();
    });
    return {
      ws,
      get closed() {
        return closed;
      },
      call(frame: string, id: number) {
        return new Promise<{ ok: boolean; error?: { message: string } }>((resolve) => {
          results.set(id, resolve);
          ws.send(frame);
        });
      },
      whenClosed() {
        return new Promise<{ code: number; reason: string }>((resolve) => {
          if (closed) return resolve(closed);
          closedWaiters.add(() => resolve(closed!));
        });
      },
    };
  }

  it("malformed calls are answered with an error; unanswerable frames close only their own socket; the core does not move", async () => {
    let socket = await open();
    let nextId = 1;
    const answerable = fc.oneof(
      fc.constantFrom(...API_METHODS).chain((method) =>
        payloadsFor(method)
          // What arrives is what JSON carries: NaN becomes null, undefined keys vanish.
          .map((p) => (JSON.parse(JSON.stringify({ p })) as { p?: unknown }).p)
          .filter((p) => refusedBySchema(method, p))
          .map((params) => ({ method, params, expect: new RegExp(`^Invalid payload for ${method}: `) })),
      ),
      fc.string({ maxLength: 50 }).filter((m) => !(API_METHODS as string[]).includes(m)).map((method) => ({ method, params: {}, expect: /^Unknown method: / })),
      fc.constantFrom("constructor", "__proto__", "toString").map((method) => ({ method, params: {}, expect: /^Unknown method: / })),
    );
    const frames = fc.oneof(
      { weight: 6, arbitrary: answerable.map((call) => ({ kind: "call" as const, ...call })) },
      { weight: 1, arbitrary: fc.constantFrom("not json", "[1,2]", "42", "null", '{"type":"call","method":"ping"}', '{"id":-1}', '{"id":1.5}').map((text) => ({ kind: "fatal" as const, text })) },
      { weight: 1, arbitrary: fc.string({ maxLength: 20 }).filter((t) => t !== "call").map((type) => ({ kind: "type" as const, type })) },
    );

    await fc.assert(
      fc.asyncProperty(frames, async (frame) => {
        if (socket.closed) socket = await open();
        const id = nextId++;
        if (frame.kind === "fatal") {
          socket.ws.send(frame.text);
          const closed = await socket.whenClosed();
          expect(closed.code).toBe(1007);
          expect(closed.reason).toMatch(/^Invalid message: /);
          return;
        }
        if (frame.kind === "type") {
          const answer = await socket.call(JSON.stringify({ type: frame.type, id, method: "ping", params: {} }), id);
          expect(answer).toEqual({ type: "result", id, ok: false, error: { message: `Unknown message type ${JSON.stringify(frame.type)}; only "call" is accepted` } });
          return;
        }
        const answer = await socket.call(JSON.stringify({ type: "call", id, method: frame.method, params: frame.params }), id);
        expect(answer.ok).toBe(false);
        expect(answer.error?.message).toMatch(frame.expect);
      }),
      { numRuns: 300 },
    );

    // A binary frame closes its socket too; the server itself is unharmed.
    if (socket.closed) socket = await open();
    socket.ws.send(Buffer.from([0, 1, 2]));
    expect((await socket.whenClosed()).code).toBe(1003);
    socket = await open();
    const fine = await socket.call(JSON.stringify({ type: "call", id: 1, method: "listSessions", params: {} }), 1);
    expect(fine.ok).toBe(true);
    socket.ws.close();
    expect(await stateOf(h)).toBe(before);
  });
});
