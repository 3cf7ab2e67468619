// The quick elicitation check must say yes and no exactly where the SDK's ElicitRequestSchema does: it only
// skips branches that cannot pass. Checked over every property kind the spec names, each bent in the ways
// a server gets them wrong, inside form and URL requests.
import { describe, expect, it } from "vitest";
import { ElicitRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { ElicitRequestVerdict } from "../../main/core/receiver/elicitVerdict.js";
import { withInvalidParamsErrors } from "../../main/core/invalidParams.js";

const PROPERTIES: Record<string, unknown>[] = [
  { type: "string" },
  { type: "string", title: "Name", minLength: 1, maxLength: 10, format: "email", default: "a" },
  { type: "number", title: "A number" },
  { type: "integer", minimum: 1, maximum: 5, default: 2 },
  { type: "boolean", default: true },
  { type: "string", enum: ["a", "b"] },
  { type: "string", enum: ["a", "b"], enumNames: ["A", "B"] },
  { type: "string", oneOf: [{ const: "a", title: "A" }] },
  { type: "array", items: { type: "string", enum: ["a"] }, minItems: 1 },
  { type: "array", items: { anyOf: [{ const: "a", title: "A" }] } },
];

/** Each property, and the same bent: a wrong field type, an unknown `type`, not an object at all. */
function variants(property: Record<string, unknown>): unknown[] {
  const bent: unknown[] = [property, { ...property, extra: { deep: [1] } }];
  for (const [key, value] of Object.entries(property)) {
    bent.push({ ...property, [key]: typeof value === "string" ? 5 : "x" });
    const { [key]: _dropped, ...rest } = property;
    bent.push(rest);
  }
  bent.push({ ...property, type: "object" }, { ...property, type: ["string"] }, "string", null, [property], 7);
  return bent;
}

const request = (params: unknown) => ({ method: "elicitation/create", params });
const form = (properties: unknown, more: Record<string, unknown> = {}) =>
  request({ message: "Q?", requestedSchema: { type: "object", properties, required: ["p"] }, ...more });

describe("ElicitRequestVerdict", () => {
  const cases: unknown[] = [];
  for (const property of PROPERTIES) {
    for (const variant of variants(property)) {
      cases.push(form({ p: variant }), form({ p: variant, q: { type: "boolean" } }), form({ p: variant }, { mode: "form", task: { ttl: 5 } }));
    }
  }
  cases.push(
    form({}),
    form({ p: { type: "string" } }, { mode: "url" }),
    form({ p: { type: "string" } }, { task: { ttl: "5" } }),
    request({ mode: "url", message: "Sign in", url: "https://example.com", elicitationId: "e" }),
    request({ mode: "url", message: "Sign in", url: "not a url", elicitationId: "e" }),
    request({ message: "Q?", requestedSchema: { type: "array", properties: {} } }),
    request({ message: "Q?", requestedSchema: { type: "object", properties: [] } }),
    request({ message: "Q?" }),
    request(undefined),
    { method: "elicitation/create" },
  );

  it(`agrees with the SDK's ElicitRequestSchema on ${cases.length} requests, valid and not`, () => {
    const disagreements = cases.filter((c) => ElicitRequestVerdict.safeParse(c).success !== ElicitRequestSchema.safeParse(c).success);
    expect(disagreements).toEqual([]);
    // Both kinds are there: the cases test something.
    const passed = cases.filter((c) => ElicitRequestSchema.safeParse(c).success).length;
    expect(passed).toBeGreaterThan(30);
    expect(cases.length - passed).toBeGreaterThan(100);
  });

  it("a refused request is explained in the SDK schema's words, as before", () => {
    const before = withInvalidParamsErrors(ElicitRequestSchema);
    const now = withInvalidParamsErrors(ElicitRequestSchema, ElicitRequestVerdict);
    const wordsOf = (schema: typeof before) => {
      try {
        schema.parse(form({ p: { type: "number", minimum: "1" } }));
      } catch (error) {
        return (error as Error).message;
      }
      return "accepted";
    };
    expect(wordsOf(now)).toMatch(/Invalid params for elicitation\/create: params\.requestedSchema\.properties\.p/);
    expect(wordsOf(now)).toBe(wordsOf(before));
    expect(now.parse(form({ p: { type: "number" } }))).toMatchObject({ method: "elicitation/create" });
  });
});
