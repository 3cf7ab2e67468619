// RequestStreams wraps the Streamable HTTP transport's fetch (2026-07-28 cancellation). The transport has
// one abort signal for its whole life; each request's listener on it must go when the request is over, or
// a task polled for an hour leaves thousands behind (found by the CLI: node's MaxListeners warning).
import { getEventListeners } from "node:events";
import { describe, expect, it } from "vitest";
import { RequestStreams } from "../../main/core/transport/requestStreams.js";

const post = (id: number, signal: AbortSignal): RequestInit => ({ method: "POST", body: JSON.stringify({ jsonrpc: "2.0", id, method: "tasks/get", params: {} }), signal });

describe("RequestStreams and the transport's signal", () => {
  it("a JSON answer, an SSE answer read to its end, a failed fetch: none leaves a listener on the transport's signal", async () => {
    const transport = new AbortController();
    let answer: "json" | "sse" | "fail" = "json";
    const fetch = new RequestStreams().wrap(async () => {
      if (answer === "fail") throw new TypeError("fetch failed");
      if (answer === "json") return new Response("{}", { headers: { "content-type": "application/json" } });
      return new Response("event: message\ndata: {}\n\n", { headers: { "content-type": "text/event-stream" } });
    });
    for (let id = 1; id <= 20; id++) await (await fetch("http://127.0.0.1/", post(id, transport.signal))).text();
    answer = "sse";
    for (let id = 21; id <= 40; id++) await (await fetch("http://127.0.0.1/", post(id, transport.signal))).text();
    answer = "fail";
    for (let id = 41; id <= 45; id++) await expect(fetch("http://127.0.0.1/", post(id, transport.signal))).rejects.toThrow("fetch failed");
    expect(getEventListeners(transport.signal, "abort")).toHaveLength(0);
  });

  it("while a request is in flight the transport's abort still reaches it; closing its stream detaches too", async () => {
    const transport = new AbortController();
    const streams = new RequestStreams();
    let seen: AbortSignal | undefined;
    const fetch = streams.wrap(async (_url, init) => {
      seen = init!.signal!;
      return new Response(new ReadableStream({ pull: () => new Promise(() => {}) }), { headers: { "content-type": "text/event-stream" } });
    });
    await fetch("http://127.0.0.1/", post(1, transport.signal));
    expect(getEventListeners(transport.signal, "abort")).toHaveLength(1);
    transport.abort("closing");
    expect(seen!.aborted).toBe(true);

    const second = new AbortController();
    await fetch("http://127.0.0.1/", post(2, second.signal));
    expect(streams.close(2)).toBe(true);
    expect(getEventListeners(second.signal, "abort")).toHaveLength(0);
  });
});
