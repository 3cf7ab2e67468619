// Issue 22: the recorder on its own: secrets out of every part (env and header values, OAuth fields,
// bearer tokens, a URL's query values), a message nested too deep kept as a marked cut, a recording past
// its byte budget says how many lines it did not keep, and what it writes reads back valid.
import { describe, expect, it } from "vitest";
import { Recorder } from "../../main/core/recordings/recorder.js";
import { parseRecording } from "../../main/core/recordings/reader.js";
import { Redactor } from "../../main/core/recordings/redaction.js";
import type { ServerConfig } from "../../shared/types.js";

const http: ServerConfig = {
  name: "remote",
  era: "auto",
  transport: { type: "streamableHttp", url: "https://user:pw@example.com/mcp?key=abc123456&region=eu", headers: { Authorization: "Bearer header-secret-value", "X-Api-Key": "key-secret-value" } },
  features: { sampling: true, elicitationForm: true, elicitationUrl: true, roots: true, receiverTasks: true },
  oauth: { clientId: "c", clientSecret: "oauth-client-secret" },
};
const entry = (direction: "in" | "out", payload: unknown) => ({ type: "logEntry" as const, payload: { seq: 1, sessionId: "s", direction, time: "2026-11-25T00:00:00.000Z", payload } });

describe("recorder (issue 22)", () => {
  it("header and message secrets: header values, the OAuth client secret, OAuth fields, bearer tokens and URL query values never written", () => {
    let clock = 0;
    const recorder = new Recorder({ server: http, now: () => clock });
    recorder.onEvent(entry("out", { jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "t", arguments: { token: "key-secret-value", note: "use Bearer abc.def.ghi" } } }));
    clock = 5;
    recorder.onEvent(entry("in", { jsonrpc: "2.0", id: 1, result: { content: [{ type: "text", text: "oauth-client-secret" }], structuredContent: { access_token: "tok-1", refresh_token: "tok-2", code: 7 } } }));
    recorder.onEvent({ type: "stderrLine", payload: { sessionId: "s", line: "auth: Bearer xyz789 key-secret-value" } });
    const text = recorder.text();
    for (const secret of ["header-secret-value", "key-secret-value", "oauth-client-secret", "abc.def.ghi", "tok-1", "tok-2", "abc123456", "xyz789", "user:pw"]) expect(text).not.toContain(secret);
    const opened = parseRecording(text);
    expect(opened.header.server).toEqual({ name: "remote", transport: "streamableHttp", url: "https://example.com/mcp?key=[redacted]&region=[redacted]", headerNames: ["Authorization", "X-Api-Key"] });
    expect(opened.lines).toEqual([
      { t: 0, dir: "out", msg: { jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "t", arguments: { token: "[redacted]", note: "use Bearer [redacted]" } } } },
      { t: 5, dir: "in", msg: { jsonrpc: "2.0", id: 1, result: { content: [{ type: "text", text: "[redacted]" }], structuredContent: { access_token: "[redacted]", refresh_token: "[redacted]", code: 7 } } } },
      { t: 5, stderr: "auth: Bearer [redacted] [redacted]" },
    ]);
  });

  it("copy on write: a message with nothing to redact is kept as the same object; one 200 levels deep is cut and marked", () => {
    const redactor = new Redactor(["secret-value"]);
    const clean = { jsonrpc: "2.0", id: 1, result: { content: [{ type: "text", text: "fine" }] } };
    expect(redactor.value(clean).value).toBe(clean);
    let deep: unknown = "bottom";
    for (let i = 0; i < 200; i++) deep = [deep];
    const recorder = new Recorder({ server: http });
    recorder.entry({ direction: "in", payload: { jsonrpc: "2.0", method: "notifications/message", params: { data: deep } } }, 1);
    const [line] = parseRecording(recorder.text()).lines as unknown as [{ msg: unknown; cut?: unknown }];
    expect(JSON.stringify(line.msg)).toContain("… (nested deeper than 100 levels)");
    expect(line.cut).toBeDefined();
  });

  it("past its byte budget a recording keeps the lines before and says how many it did not keep", () => {
    const recorder = new Recorder({ server: http, maxBytes: 2000, now: () => 0 });
    for (let i = 0; i < 50; i++) recorder.entry({ direction: "in", payload: { jsonrpc: "2.0", method: "notifications/progress", params: { progressToken: i, progress: i, message: "x".repeat(40) } } });
    const opened = parseRecording(recorder.text());
    expect(opened.lines.length).toBeGreaterThan(5);
    expect(opened.lines.length).toBeLessThan(50);
    expect(opened.header.incomplete).toEqual({ droppedLines: 50 - opened.lines.length, reason: "the recording reached its limit of 2000 bytes" });
  });
});
