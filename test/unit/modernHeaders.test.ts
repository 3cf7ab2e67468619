// E4, M9: the standard headers of a modern POST, read off its body; values that are not plain ASCII go
// in the spec's Base64 sentinel form.
import { describe, expect, it } from "vitest";
import { headerValue, mcpHeadersFor, paramHeadersOf } from "../../main/core/transport/httpHeaders.js";
import { explainModernError } from "../../main/core/protocol/envelope.js";

const meta = { "io.modelcontextprotocol/protocolVersion": "2026-07-28" };

describe("modern HTTP headers", () => {
  it("E4: Mcp-Method and MCP-Protocol-Version on every request; Mcp-Name from name, uri or taskId (M9)", () => {
    expect(mcpHeadersFor({ jsonrpc: "2.0", id: 1, method: "tools/list", params: { _meta: meta } })).toEqual({ "Mcp-Method": "tools/list", "MCP-Protocol-Version": "2026-07-28" });
    expect(mcpHeadersFor({ method: "tools/call", params: { name: "get_weather", _meta: meta } })["Mcp-Name"]).toBe("get_weather");
    expect(mcpHeadersFor({ method: "resources/read", params: { uri: "file:///a/b.json" } })["Mcp-Name"]).toBe("file:///a/b.json");
    for (const method of ["tasks/get", "tasks/update", "tasks/cancel"]) expect(mcpHeadersFor({ method, params: { taskId: "t-1" } })["Mcp-Name"]).toBe("t-1");
    expect(mcpHeadersFor({ jsonrpc: "2.0", id: 1, result: {} })).toEqual({});
  });

  it("E4: values that are not plain ASCII, or that look like the sentinel, are Base64-encoded", () => {
    expect(headerValue("Hello, 世界")).toBe("=?base64?SGVsbG8sIOS4lueVjA==?=");
    expect(headerValue(" padded ")).toBe("=?base64?IHBhZGRlZCA=?=");
    expect(headerValue("line1\nline2")).toBe("=?base64?bGluZTEKbGluZTI=?=");
    expect(headerValue("=?base64?literal?=")).toBe("=?base64?PT9iYXNlNjQ/bGl0ZXJhbD89?=");
    expect(headerValue("plain_name-1")).toBe("plain_name-1");
  });

  it("E4, M1: the modern errors are explained in words the user can act on", () => {
    expect(explainModernError(-32020, undefined)).toMatch(/^Header mismatch/);
    expect(explainModernError(-32021, { requiredCapabilities: { sampling: {} } })).toMatch(/needs sampling\. Switch it on/);
    expect(explainModernError(-32021, { requiredCapabilities: { extensions: { "io.modelcontextprotocol/tasks": {} } } })).toBe(
      "This server requires the tasks extension (io.modelcontextprotocol/tasks), which is switched off for it (-32021).",
    );
    expect(explainModernError(-32022, { supported: ["2026-07-28", "2025-11-25"] })).toBe("Unsupported protocol version (-32022): the server supports 2026-07-28, 2025-11-25.");
    expect(explainModernError(-32601, undefined)).toBeUndefined();
  });

  it("SEP-2243: x-mcp-header annotations are read from top-level properties; hostile schemas are refused, never thrown on", () => {
    expect(paramHeadersOf({ type: "object", properties: { a: { type: "string", "x-mcp-header": "A" }, b: { type: "integer" } } })).toEqual({ headers: { a: "A" } });
    expect(paramHeadersOf(undefined)).toEqual({ headers: {} });
    expect(paramHeadersOf({ properties: "nope" })).toEqual({ headers: {} });
    expect(paramHeadersOf({ properties: { a: { type: "string", "x-mcp-header": 7 } } })).toHaveProperty("invalid");
    expect(paramHeadersOf({ properties: { a: { type: ["string", "null"], "x-mcp-header": "A" } } })).toHaveProperty("invalid");
    expect(paramHeadersOf({ properties: { a: { type: "string", "x-mcp-header": "x".repeat(10_000) } } })).toHaveProperty("invalid");
    const many = Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`p${i}`, { type: "string", "x-mcp-header": `H${i}` }]));
    expect(paramHeadersOf({ properties: many })).toEqual({ invalid: "more than 64 x-mcp-header annotations" });
    // Only a tools/call carries them, and only for arguments that are strings, finite numbers or booleans.
    const lookup = () => ({ a: "A", b: "B", c: "C" });
    const headers = mcpHeadersFor({ method: "tools/call", params: { name: "t", arguments: { a: { nested: 1 }, b: Number.NaN, c: true } } }, lookup);
    expect(Object.keys(headers).filter((k) => k.startsWith("Mcp-Param-"))).toEqual(["Mcp-Param-C"]);
    expect(mcpHeadersFor({ method: "prompts/get", params: { name: "t", arguments: { a: "x" } } }, lookup)).not.toHaveProperty("Mcp-Param-A");
  });
});
