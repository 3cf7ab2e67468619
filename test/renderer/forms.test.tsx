// @vitest-environment happy-dom
// Schema → form → validated result: defaults, required, enums (plain and titled), numbers, errors
// next to their fields, and nothing sent while the form is invalid.
import "./setup.js";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { buildForm, collect, initialDraft, key } from "../../renderer/src/forms/schemaForm.js";
import { validateAgainstSchema } from "../../renderer/src/forms/validate.js";
import { createFakeBridge, runToolsLikeTheCore } from "./fakeBridge.js";
import { elicitation, session, tool } from "./fixtures.js";
import { renderApp, tabNamed } from "./renderApp.js";

const requestedSchema = {
  type: "object",
  properties: {
    name: { type: "string", title: "Your Name", description: "Your full name", minLength: 2 },
    age: { type: "integer", title: "Age", minimum: 0, default: 30 },
    color: { type: "string", title: "Favorite Color", oneOf: [{ const: "r", title: "Red" }, { const: "g", title: "Green" }] },
    size: { type: "string", enum: ["S", "M", "L"], default: "M" },
    subscribe: { type: "boolean", title: "Subscribe", default: true },
    tags: { type: "array", title: "Tags", items: { type: "string", enum: ["a", "b"] } },
  },
  required: ["name", "color"],
};

function fieldError(input: HTMLElement): string {
  const ids = (input.getAttribute("aria-describedby") ?? "").split(" ").filter(Boolean);
  return ids.map((id) => document.getElementById(id)?.textContent ?? "").join(" | ");
}

describe("schema forms", () => {
  it("shows defaults, blocks invalid answers with errors next to the fields, then sends the typed values", async () => {
    const user = userEvent.setup();
    const { bridge } = await renderApp({
      sessions: [session()],
      pendingInputs: [elicitation("p1", { message: "Tell me about you", requestedSchema })],
    });
    bridge.handle("answerElicitation", () => ({ ok: true }));
    await user.click(tabNamed("Elicitations"));

    // Defaults from the schema.
    expect(screen.getByLabelText("Age")).toHaveProperty("value", "30");
    expect(screen.getByLabelText("Subscribe")).toHaveProperty("checked", true);
    expect((screen.getByLabelText("size") as HTMLSelectElement).selectedOptions[0]?.textContent).toBe("M");
    // Titled enum: the titles are the options.
    expect(within(screen.getByLabelText("Favorite Color")).getAllByRole("option").map((o) => o.textContent)).toEqual(["— choose —", "Red", "Green"]);

    // Required fields missing: errors shown, nothing sent.
    await user.click(screen.getByRole("button", { name: "Accept" }));
    expect(fieldError(screen.getByLabelText("Your Name"))).toContain("Required");
    expect(fieldError(screen.getByLabelText("Favorite Color"))).toContain("Required");
    expect(screen.getByLabelText("Your Name").getAttribute("aria-invalid")).toBe("true");
    expect(bridge.callsOf("answerElicitation")).toHaveLength(0);

    // Too short, a negative integer, and not a number at all.
    await user.type(screen.getByLabelText("Your Name"), "A");
    await user.clear(screen.getByLabelText("Age"));
    await user.type(screen.getByLabelText("Age"), "-1");
    await user.selectOptions(screen.getByLabelText("Favorite Color"), "Green");
    await user.click(screen.getByRole("button", { name: "Accept" }));
    expect(fieldError(screen.getByLabelText("Your Name"))).toMatch(/too short/i);
    expect(fieldError(screen.getByLabelText("Age"))).toMatch(/less than 0/);
    await user.clear(screen.getByLabelText("Age"));
    await user.type(screen.getByLabelText("Age"), "abc");
    await user.click(screen.getByRole("button", { name: "Accept" }));
    expect(fieldError(screen.getByLabelText("Age"))).toContain("Enter a number");
    expect(bridge.callsOf("answerElicitation")).toHaveLength(0);

    // Fixed: the content is the typed values, converted to the schema's types.
    await user.type(screen.getByLabelText("Your Name"), "da");
    await user.clear(screen.getByLabelText("Age"));
    await user.type(screen.getByLabelText("Age"), "31");
    await user.click(screen.getByLabelText("b"));
    await user.click(screen.getByRole("button", { name: "Accept" }));
    expect(bridge.callsOf("answerElicitation")).toEqual([
      { pendingInputId: "p1", action: "accept", content: { name: "Ada", age: 31, color: "g", size: "M", subscribe: true, tags: ["b"] } },
    ]);
  });

  it("Decline and Cancel answer without validating the form", async () => {
    const user = userEvent.setup();
    const { bridge } = await renderApp({ sessions: [session()], pendingInputs: [elicitation("p1", { message: "?", requestedSchema })] });
    bridge.handle("answerElicitation", () => ({ ok: true }));
    await user.click(tabNamed("Elicitations"));
    await user.click(screen.getByRole("button", { name: "Decline" }));
    await user.click(screen.getByRole("button", { name: "Cancel" }));
    expect(bridge.callsOf("answerElicitation")).toEqual([
      { pendingInputId: "p1", action: "decline" },
      { pendingInputId: "p1", action: "cancel" },
    ]);
  });

  it("a tool's form sends validated arguments with Run, and nothing when a required argument is missing", async () => {
    const user = userEvent.setup();
    const bridge = createFakeBridge();
    const sum = tool("get-sum", {
      inputSchema: { type: "object", properties: { a: { type: "number" }, b: { type: "number", default: 2 } }, required: ["a", "b"] },
    });
    bridge.handle("listTools", () => ({ tools: [sum] }));
    runToolsLikeTheCore(bridge, () => ({ result: { content: [{ type: "text", text: "The sum is 3" }] } }));
    // The Tools tab (open first) loads the list of the connected session.
    await renderApp({ sessions: [session()] }, bridge);
    await user.click(await screen.findByRole("button", { name: "get-sum" }));
    await user.click(screen.getByRole("button", { name: "Run" }));
    expect(fieldError(screen.getByLabelText("a"))).toContain("Required");
    expect(bridge.callsOf("startToolRun")).toHaveLength(0);
    await user.type(screen.getByLabelText("a"), "1.5");
    await user.click(screen.getByRole("button", { name: "Run" }));
    expect(bridge.callsOf("startToolRun")).toEqual([{ sessionId: "s1", name: "get-sum", arguments: { a: 1.5, b: 2 }, asTask: false }]);
    expect(await screen.findByText("The sum is 3")).toBeTruthy();
  });

  it("what the user typed survives a failed call", async () => {
    const user = userEvent.setup();
    const { bridge } = await renderApp({ sessions: [session()], pendingInputs: [elicitation("p1", { message: "?", requestedSchema })] });
    bridge.handle("answerElicitation", () => Promise.reject(new Error("The answer does not match the requested schema")));
    await user.click(tabNamed("Elicitations"));
    await user.type(screen.getByLabelText("Your Name"), "Grace");
    await user.selectOptions(screen.getByLabelText("Favorite Color"), "Red");
    await user.click(screen.getByRole("button", { name: "Accept" }));
    expect((await screen.findByRole("alert")).textContent).toContain("does not match the requested schema");
    expect(screen.getByLabelText("Your Name")).toHaveProperty("value", "Grace");
    // And across a tab switch.
    await user.click(tabNamed("Tools"));
    await user.click(tabNamed("Elicitations"));
    expect(screen.getByLabelText("Your Name")).toHaveProperty("value", "Grace");
  });
});

describe("the form generator", () => {
  it("draws nested objects as fields of their own and a free-form object as JSON", () => {
    const node = buildForm({ type: "object", properties: { filter: { type: "object", properties: { q: { type: "string" } } }, free: { type: "object" }, n: { type: "integer" } } });
    if (node.kind !== "object") throw new Error("expected an object");
    expect(node.fields.map((f) => [f.name, f.node.kind])).toEqual([
      ["filter", "object"],
      ["free", "json"],
      ["n", "integer"],
    ]);
    const draft = initialDraft(node);
    draft.values[key(["filter", "q"], "v")] = "x";
    draft.values[key(["filter", "q"], "set")] = true;
    draft.values[key(["filter"], "set")] = true;
    draft.values[key(["free"], "v")] = '{"a": [1]}';
    draft.values[key(["free"], "set")] = true;
    draft.values[key(["n"], "v")] = "4";
    draft.values[key(["n"], "set")] = true;
    expect(collect(node, draft).value).toEqual({ filter: { q: "x" }, free: { a: [1] }, n: 4 });
    draft.values[key(["free"], "v")] = "{not json";
    expect(Object.values(collect(node, draft).fieldErrors)[0]?.[0]).toMatch(/^Invalid JSON/);
  });

  it("supports legacy enumNames and titled multi-select (anyOf of const)", () => {
    const node = buildForm({
      type: "object",
      properties: {
        level: { type: "string", enum: ["lo", "hi"], enumNames: ["Low", "High"] },
        pets: { type: "array", items: { anyOf: [{ const: "cat", title: "Cat" }, { const: "dog", title: "Dog" }] } },
      },
    });
    if (node.kind !== "object") throw new Error("expected an object");
    expect(node.fields.map((f) => [f.node.kind, "options" in f.node ? f.node.options.map((o) => o.label) : undefined])).toEqual([
      ["enum", ["Low", "High"]],
      ["multienum", ["Cat", "Dog"]],
    ]);
  });

  it("validates with formats and reports errors per field", () => {
    const schema = { type: "object", properties: { email: { type: "string", format: "email" } }, required: ["email"] };
    expect(validateAgainstSchema(schema, { email: "nope" }, ["email"]).fieldErrors.email?.length).toBeGreaterThan(0);
    expect(validateAgainstSchema(schema, { email: "a@b.example" }, ["email"]).valid).toBe(true);
    expect(validateAgainstSchema(schema, {}, ["email"]).fieldErrors).toEqual({ email: ["Required"] });
  });
});
