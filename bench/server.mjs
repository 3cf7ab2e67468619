#!/usr/bin/env node
// The benchmark server: a plain MCP server (the SDK's server API over stdio) that plays the requestor
// against whichever client connects, ours or the SDK's stock one. The bench drives it with tools/call;
// each tool runs a timed loop of JSON-RPC requests to the client and answers with the timings as JSON.
//
// Requests to the client are sent raw (straight onto the transport, bypassing the SDK's Protocol), the
// way test/fixtures/receiver-server.mjs does: no response-schema parsing or request bookkeeping of our
// own adds to what is measured, so the figures are the client's cost plus the pipe, nothing else.
//
// Times are milliseconds on the monotonic clock (process.hrtime), which every process on the machine
// shares: the bench compares a moment it saw (the user's answer) with a moment this server saw.
//
//   ping            { count }                       → { ms[] }                  sequential ping round trips
//   answer-latency  { count, ttl }                  → { samples[] }             elicitation as a task, then tasks/result at once
//   create-tasks    { count, ttl, concurrency }     → { created, ms[], errors[] }   task-augmented elicitations
//   get-latency     { count }                       → { ms[] }                  sequential tasks/get of tasks the last create-tasks made
//   list-walk       {}                              → { pages, tasks, totalMs, pageMs[] }   follows nextCursor
//   list-first-page { count }                       → { ms[], size }            the first tasks/list page, repeatedly
//   ping-flood      { count, window }               → { ms, errors }            `count` pings, `window` in flight
//   log-flood       { count }                       → { ms }                    `count` notifications/message, then a ping
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { CallToolRequestSchema, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";

const WAIT_LIMIT_MS = 120_000;
const now = () => Number(process.hrtime.bigint()) / 1e6;

const server = new Server({ name: "bench-server", version: "1.0.0" }, { capabilities: { tools: {} } });
const transport = new StdioServerTransport();

/** Raw requests in flight: id → { resolve, timer }. */
const inFlight = new Map();
let rawSeq = 0;
/** The task ids the last create-tasks got back, for get-latency to pick from (kept here, so the bench holds none). */
let createdTaskIds = [];

/** Send one request to the client; resolves with the raw JSON-RPC response and when it arrived. */
function request(method, params) {
  const id = `b-${++rawSeq}`;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      inFlight.delete(id);
      reject(new Error(`No response to ${method} (id ${id}) within ${WAIT_LIMIT_MS} ms`));
    }, WAIT_LIMIT_MS);
    inFlight.set(id, (response) => {
      clearTimeout(timer);
      resolve({ response, at: now() });
    });
    transport.send({ jsonrpc: "2.0", id, method, ...(params === undefined ? {} : { params }) }).catch(reject);
  });
}

/** A form elicitation a person could answer: one required number. */
function elicitation(i, ttl) {
  return {
    mode: "form",
    message: `Benchmark question ${i}: pick a number`,
    requestedSchema: { type: "object", properties: { n: { type: "number", title: "A number" } }, required: ["n"] },
    task: { ttl },
  };
}

function errorText(response) {
  return response.error ? `${response.error.code}: ${response.error.message}` : undefined;
}

const tools = {
  async ping({ count }) {
    const ms = [];
    for (let i = 0; i < count; i++) {
      const started = now();
      const { response, at } = await request("ping");
      if (response.error) throw new Error(`ping failed: ${errorText(response)}`);
      ms.push(at - started);
    }
    return { ms };
  },

  async "answer-latency"({ count, ttl }) {
    const samples = [];
    for (let i = 0; i < count; i++) {
      const createSentAt = now();
      const created = await request("elicitation/create", elicitation(i, ttl));
      const taskId = created.response.result?.task?.taskId;
      if (!taskId) {
        samples.push({ error: `no CreateTaskResult: ${errorText(created.response) ?? JSON.stringify(created.response.result)}` });
        continue;
      }
      const result = await request("tasks/result", { taskId });
      samples.push({
        taskId,
        createMs: created.at - createSentAt,
        resultAt: result.at,
        ...(result.response.result?.action === "accept" ? {} : { error: errorText(result.response) ?? "not accepted" }),
      });
    }
    return { samples };
  },

  async "create-tasks"({ count, ttl, concurrency = 1 }) {
    const taskIds = [];
    createdTaskIds = taskIds;
    const ms = [];
    const errors = [];
    let next = 0;
    const worker = async () => {
      while (next < count) {
        const i = next++;
        const started = now();
        const { response, at } = await request("elicitation/create", elicitation(i, ttl));
        const taskId = response.result?.task?.taskId;
        if (taskId) {
          taskIds.push(taskId);
          ms.push(at - started);
        } else errors.push(errorText(response) ?? "no task in the response");
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, concurrency) }, worker));
    return { created: taskIds.length, ms, errors: errors.slice(0, 5), errorCount: errors.length };
  },

  async "get-latency"({ count }) {
    const ms = [];
    for (let i = 0; i < count; i++) {
      const taskId = createdTaskIds[Math.floor(Math.random() * createdTaskIds.length)];
      const started = now();
      const { response, at } = await request("tasks/get", { taskId });
      if (response.error) throw new Error(`tasks/get failed: ${errorText(response)}`);
      ms.push(at - started);
    }
    return { ms };
  },

  async "list-walk"() {
    const pageMs = [];
    let tasks = 0;
    let cursor;
    const started = now();
    do {
      const pageStarted = now();
      const { response, at } = await request("tasks/list", cursor === undefined ? {} : { cursor });
      if (response.error) throw new Error(`tasks/list failed: ${errorText(response)}`);
      pageMs.push(at - pageStarted);
      tasks += response.result.tasks.length;
      cursor = response.result.nextCursor;
    } while (cursor !== undefined);
    return { pages: pageMs.length, tasks, totalMs: now() - started, pageMs };
  },

  async "list-first-page"({ count }) {
    const ms = [];
    let size = 0;
    for (let i = 0; i < count; i++) {
      const started = now();
      const { response, at } = await request("tasks/list", {});
      if (response.error) throw new Error(`tasks/list failed: ${errorText(response)}`);
      ms.push(at - started);
      size = response.result.tasks.length;
    }
    return { ms, size };
  },

  async "ping-flood"({ count, window = 100 }) {
    let sent = 0;
    let errors = 0;
    const started = now();
    const worker = async () => {
      while (sent < count) {
        sent++;
        const { response } = await request("ping");
        if (response.error) errors++;
      }
    };
    await Promise.all(Array.from({ length: window }, worker));
    return { ms: now() - started, errors };
  },

  async "log-flood"({ count }) {
    const started = now();
    for (let i = 0; i < count; i++) {
      await transport.send({ jsonrpc: "2.0", method: "notifications/message", params: { level: "debug", logger: "bench", data: `log line ${i}` } });
      // Let the client keep up: the pipe is asynchronous, a notification is never answered.
      if (i % 500 === 499) await request("ping");
    }
    await request("ping");
    return { ms: now() - started };
  },
};

server.setRequestHandler(ListToolsRequestSchema, async () => ({
  tools: Object.keys(tools).map((name) => ({ name, inputSchema: { type: "object" } })),
}));

server.setRequestHandler(CallToolRequestSchema, async (call) => {
  const tool = tools[call.params.name];
  if (!tool) throw new Error(`Unknown tool ${call.params.name}`);
  const value = await tool(call.params.arguments ?? {});
  return { content: [{ type: "text", text: JSON.stringify(value) }] };
});

await server.connect(transport);
process.stdin.on("end", () => process.exit(0));

// Answers to our raw requests are ours (the SDK never sent them): take them off the wire before the SDK sees them.
const sdkOnMessage = transport.onmessage;
transport.onmessage = (message, extra) => {
  if (!("method" in message) && "id" in message && inFlight.has(message.id)) {
    const resolve = inFlight.get(message.id);
    inFlight.delete(message.id);
    resolve(message);
    return;
  }
  sdkOnMessage?.(message, extra);
};
