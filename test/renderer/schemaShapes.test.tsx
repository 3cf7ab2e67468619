// @vitest-environment happy-dom
// The form generator on every schema shape of test/fixtures/schema-shapes-server.mjs: each form is filled
// as a user would (typing, steppers, switches, branch pickers, array buttons) and the value it sends must
// equal the expected JSON byte for byte. Plus Edit as JSON both ways, steppers' arithmetic, and what the
// form does with JSON it cannot show.
import "./setup.js";
import { fireEvent, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { SchemaFields, stepValue } from "../../renderer/src/forms/SchemaFields.js";
import { buildForm, collect, decompose, initialDraft, type FormNode } from "../../renderer/src/forms/schemaForm.js";
import { useSchemaForm } from "../../renderer/src/forms/useSchemaForm.js";
import { SHAPES } from "../fixtures/lib/schemaShapes.mjs";
import { SHAPE_SCRIPTS, type FormDriver, type Scope } from "../helpers/schemaShapeScripts.js";
import { renderWithStore } from "./renderWithStore.js";

// CodeMirror is proven in Chromium (test/e2e/schema-forms.test.ts); here the editor's own fallback, a
// textarea holding the same text, stands in for it, which also covers an editor that fails to load.
vi.mock("../../renderer/src/forms/jsonEditorView.js", () => {
  throw new Error("CodeMirror is not loaded in happy-dom");
});

function Harness({ schema, onSend }: { schema: unknown; onSend(value: unknown): void }) {
  const form = useSchemaForm(schema, "harness");
  const [sent, setSent] = useState(0);
  return (
    <form aria-label="Harness" noValidate onSubmit={(e) => e.preventDefault()}>
      <SchemaFields form={form} rawLabel="Arguments (JSON)" />
      <button
        type="button"
        onClick={async () => {
          const value = await form.submit();
          if (value) {
            onSend(value);
            setSent((n) => n + 1);
          }
        }}
      >
        Send
      </button>
      <output>{sent}</output>
    </form>
  );
}

function scoped(scope: Scope = []): ReturnType<typeof within> {
  let at = within(document.body);
  for (const name of scope) at = within(at.getByRole("group", { name }));
  return at;
}

// user-event reads "{" and "[" as key names; doubled, they are typed as themselves.
const literal = (text: string) => text.replace(/[{[]/g, (c) => c + c);

function happyDomDriver(user: ReturnType<typeof userEvent.setup>): FormDriver {
  return {
    async type(name, text, scope) {
      const field = scoped(scope).getByLabelText(name, { exact: true }) as HTMLInputElement;
      // Date pickers take their value whole (in Chromium too: Playwright fills them); text is typed key by key.
      if (field.type === "date" || field.type === "datetime-local") fireEvent.change(field, { target: { value: text } });
      else await user.type(field, literal(text));
    },
    async press(name, scope) {
      await user.click(scoped(scope).getByRole("button", { name }));
    },
    async toggle(name, scope) {
      await user.click(scoped(scope).getByRole("checkbox", { name }));
    },
    async choose(name, option, scope) {
      const select = scoped(scope).getByRole("combobox", { name });
      await user.selectOptions(select, within(select).getByRole("option", { name: option }));
    },
  };
}

async function fillAndSend(schema: unknown, fill: (d: FormDriver) => Promise<void>): Promise<string> {
  const user = userEvent.setup();
  const sent: unknown[] = [];
  renderWithStore(<Harness schema={schema} onSend={(v) => sent.push(v)} />);
  await fill(happyDomDriver(user));
  await user.click(screen.getByRole("button", { name: "Send" }));
  const alerts = screen.queryAllByRole("alert").map((a) => a.textContent);
  expect(alerts).toEqual([]);
  expect(sent).toHaveLength(1);
  return JSON.stringify(sent[0]);
}

describe("every schema shape of the fixture, filled as a user would", () => {
  it("covers at least 30 shapes", () => {
    expect(Object.keys(SHAPES).length).toBeGreaterThanOrEqual(30);
    // Every shape has a script.
    expect(Object.keys(SHAPES).filter((name) => !SHAPE_SCRIPTS.some((s) => s.tool === name))).toEqual([]);
  });

  for (const script of SHAPE_SCRIPTS) {
    it(`${script.tool}: ${script.what}`, async () => {
      expect(await fillAndSend(SHAPES[script.tool], script.fill)).toBe(script.expected);
    });
  }
});

describe("Edit as JSON", () => {
  it("form → JSON → edit → form keeps every typed value and sends the edit", async () => {
    const user = userEvent.setup();
    const sent: unknown[] = [];
    renderWithStore(<Harness schema={SHAPES.kitchen_sink} onSend={(v) => sent.push(v)} />);
    const d = happyDomDriver(user);
    await d.type("Title", 'a "quoted" \\ title');
    await d.choose("Kind", "Alpha");
    // Half-typed: not a number yet, still kept as typed through the JSON view and back.
    await d.type("Ratio", "0.");
    await user.click(screen.getByRole("button", { name: "Edit as JSON" }));
    expect(screen.getByRole("button", { name: "Edit as JSON" }).getAttribute("aria-pressed")).toBe("true");
    const editor = await screen.findByRole("textbox", { name: "Arguments (JSON)" });
    const text = (editor as HTMLTextAreaElement).value || editor.textContent || "";
    expect(JSON.parse(text)).toEqual({ title: 'a "quoted" \\ title', count: 10, ratio: "0.", kind: "a" });
    // Edited as text: the ratio fixed, a note added.
    const edited = JSON.stringify({ title: 'a "quoted" \\ title', count: 10, ratio: 0.5, kind: "a", note: "line one\nline two" }, null, 2);
    fireEvent.change(editor, { target: { value: edited } });
    await user.click(screen.getByRole("button", { name: "Edit as JSON" }));
    expect(screen.getByLabelText("Title")).toHaveProperty("value", 'a "quoted" \\ title');
    expect(screen.getByLabelText("Ratio")).toHaveProperty("value", "0.5");
    // A line break needs a textarea; the string keeps it.
    expect((screen.getByLabelText("Note") as HTMLTextAreaElement).tagName).toBe("TEXTAREA");
    await user.click(screen.getByRole("button", { name: "Send" }));
    expect(JSON.stringify(sent[0])).toBe('{"title":"a \\"quoted\\" \\\\ title","count":10,"ratio":0.5,"kind":"a","note":"line one\\nline two"}');
  });

  it("invalid JSON keeps the editor open with the text as typed and says why", async () => {
    const user = userEvent.setup();
    renderWithStore(<Harness schema={SHAPES.string_required} onSend={() => {}} />);
    await user.click(screen.getByRole("button", { name: "Edit as JSON" }));
    const editor = await screen.findByRole("textbox", { name: "Arguments (JSON)" });
    fireEvent.change(editor, { target: { value: '{"text": "unfinished' } });
    await user.click(screen.getByRole("button", { name: "Edit as JSON" }));
    expect(screen.getByRole("alert").textContent).toMatch(/does not parse/);
    expect(screen.getByRole("textbox", { name: "Arguments (JSON)" })).toHaveProperty("value", '{"text": "unfinished');
    // JSON that parses but has a key the form cannot show stays as JSON too.
    fireEvent.change(editor, { target: { value: '{"text": "ok", "extra": 1}' } });
    await user.click(screen.getByRole("button", { name: "Edit as JSON" }));
    expect(screen.getByRole("alert").textContent).toContain("/extra");
    expect(screen.getByRole("button", { name: "Edit as JSON" }).getAttribute("aria-pressed")).toBe("true");
  });

  it("a map key used twice stops the switch to JSON (a JSON object cannot hold both) and says so at the entry", async () => {
    const user = userEvent.setup();
    renderWithStore(<Harness schema={SHAPES.map_strings} onSend={() => {}} />);
    const d = happyDomDriver(user);
    for (const n of [1, 2]) {
      await d.press("Add labels entry", ["labels"]);
      await d.type(`labels key ${n}`, "same", ["labels"]);
      await d.type(`labels value ${n}`, `v${n}`, ["labels"]);
    }
    await user.click(screen.getByRole("button", { name: "Edit as JSON" }));
    expect(screen.getByRole("button", { name: "Edit as JSON" }).getAttribute("aria-pressed")).toBe("false");
    expect(screen.getAllByRole("alert").map((a) => a.textContent).join(" ")).toContain("cannot hold these fields");
    expect(screen.getByText('The key "same" is used twice')).toBeTruthy();
    expect(screen.getByLabelText("labels value 2")).toHaveProperty("value", "v2");
  });

  it("sends from the JSON view after validating it against the schema", async () => {
    const user = userEvent.setup();
    const sent: unknown[] = [];
    renderWithStore(<Harness schema={SHAPES.integer_range} onSend={(v) => sent.push(v)} />);
    await user.click(screen.getByRole("button", { name: "Edit as JSON" }));
    const editor = await screen.findByRole("textbox", { name: "Arguments (JSON)" });
    fireEvent.change(editor, { target: { value: '{"count": 9}' } });
    await user.click(screen.getByRole("button", { name: "Send" }));
    expect(screen.getByRole("alert").textContent).toMatch(/\/count/);
    expect(sent).toEqual([]);
    fireEvent.change(editor, { target: { value: '{"count": 5}' } });
    await user.click(screen.getByRole("button", { name: "Send" }));
    expect(sent).toEqual([{ count: 5 }]);
  });
});

describe("the generator's parts", () => {
  it("steppers stay on the multipleOf grid and inside the bounds, without float noise", () => {
    const node = buildForm({ type: "number", minimum: 0, maximum: 1, multipleOf: 0.1 });
    if (node.kind !== "number") throw new Error("expected a number");
    expect(stepValue(node, "0.2", 1)).toBe("0.3");
    expect(stepValue(node, "", 1)).toBe("0");
    expect(stepValue(node, "1", 1)).toBe("1");
    expect(stepValue(node, "0", -1)).toBe("0");
    const exclusive = buildForm({ type: "integer", exclusiveMinimum: 3 });
    if (exclusive.kind !== "integer") throw new Error("expected an integer");
    expect(stepValue(exclusive, "", 1)).toBe("4");
  });

  it("a stepper says its bounds, but not the ±(2^53 − 1) zod's int() writes for any integer", () => {
    const boundsOf = (schema: unknown) => {
      const { unmount } = renderWithStore(<Harness schema={{ type: "object", properties: { n: schema } }} onSend={() => {}} />);
      const text = document.querySelector(".stepper .unit")?.textContent ?? "";
      unmount();
      return text;
    };
    expect(boundsOf({ type: "integer", minimum: 1, maximum: 20 })).toBe("≥ 1, ≤ 20");
    expect(boundsOf({ type: "number", exclusiveMinimum: 0, multipleOf: 0.5 })).toBe("> 0, step 0.5");
    expect(boundsOf({ type: "integer", minimum: -Number.MAX_SAFE_INTEGER, maximum: Number.MAX_SAFE_INTEGER })).toBe("");
    expect(boundsOf({ type: "integer", minimum: 0, maximum: Number.MAX_SAFE_INTEGER })).toBe("≥ 0");
  });

  it("a value decomposes into the form and collects back to the same JSON, for every shape's expected value", () => {
    for (const script of SHAPE_SCRIPTS) {
      const node = buildForm(SHAPES[script.tool]);
      const draft = initialDraft(node);
      expect(decompose(node, JSON.parse(script.expected), [], draft, false), script.tool).toEqual([]);
      expect(JSON.stringify(collect(node, draft).value), script.tool).toBe(script.expected);
    }
  });

  it("a cyclic $ref ends in a JSON field instead of recursing forever", () => {
    const node = buildForm({ type: "object", $defs: { tree: { type: "object", properties: { children: { type: "array", items: { $ref: "#/$defs/tree" } } } } }, properties: { root: { $ref: "#/$defs/tree" } } });
    if (node.kind !== "object") throw new Error("expected an object");
    const root = node.fields[0]?.node;
    expect(root?.kind).toBe("object");
    const children = root?.kind === "object" ? root.fields[0]?.node : undefined;
    expect(children?.kind === "array" && children.item.kind).toBe("json");
  });

  it("a hostile schema that fans out through $refs or nested oneOf stops at a bounded number of nodes", () => {
    const count = (node: FormNode): number =>
      1 +
      (node.kind === "object" ? node.fields.reduce((n, f) => n + count(f.node), 0) + (node.additional ? count(node.additional) : 0) : 0) +
      (node.kind === "array" ? count(node.item) : 0) +
      (node.kind === "union" ? node.branches.reduce((n, b) => n + count(b), 0) : 0);
    // Each definition names the next twice: 2^24 nodes if expanded.
    const $defs: Record<string, unknown> = Object.fromEntries(Array.from({ length: 24 }, (_, i) => [`d${i}`, { type: "object", properties: { a: { $ref: `#/$defs/d${i + 1}` }, b: { $ref: `#/$defs/d${i + 1}` } } }]));
    $defs.d24 = { type: "string" };
    const fanned = buildForm({ type: "object", $defs, properties: { root: { $ref: "#/$defs/d0" } } });
    // The budget (3000 nodes), plus one JSON leaf for each sibling still pending when it ran out.
    expect(count(fanned)).toBeLessThan(6000);
    // Ten branches inside ten branches inside…
    let branchy: Record<string, unknown> = { type: "string" };
    for (let i = 0; i < 8; i++) branchy = { oneOf: Array.from({ length: 10 }, (_, j) => ({ type: "object", title: `b${j}`, properties: { x: branchy } })) };
    const nested = buildForm({ type: "object", properties: { v: branchy } });
    expect(count(nested)).toBeLessThan(6000);
    // Its draft holds the first branch of each level only; another is filled in when picked.
    expect(Object.keys(initialDraft(nested).values).length).toBeLessThan(100);
  });

  it("a value with a key the form has no place for does not fit", () => {
    const node = buildForm(SHAPES.nested_object);
    const draft = initialDraft(node);
    expect(decompose(node, { address: { street: "s", city: "c", floor: 3 } }, [], draft, false)).toEqual(["/address/floor"]);
  });
});
