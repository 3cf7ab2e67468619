// @vitest-environment happy-dom
// The validators (forms/validate.ts with re2js and @cfworker/json-schema) are a chunk the first tab does not
// load (forms/engines.ts). Here that chunk is held back until the test lets it through: meanwhile no check
// gives a verdict, a submit waits instead of sending unchecked arguments, and what is typed while it waits
// counts. Not through ./setup.js, which preloads every chunk up front.
import { cleanup, configure, fireEvent, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterAll } from "vitest";
import { describe, expect, it, vi } from "vitest";
import { CallToolResultView } from "../../renderer/src/components/CallToolResultView.js";
import { JsonProblems, SchemaFields } from "../../renderer/src/forms/SchemaFields.js";
import { useSchemaForm } from "../../renderer/src/forms/useSchemaForm.js";
import { InspectorProvider } from "../../renderer/src/app/context.js";
import { createInspectorStore } from "../../renderer/src/store/inspectorStore.js";
import { createFakeBridge } from "./fakeBridge.js";

const gate = vi.hoisted(() => {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  return { held, release: () => release(), asked: 0 };
});

vi.mock("../../renderer/src/forms/validate.js", async (importOriginal) => {
  gate.asked++;
  await gate.held;
  return importOriginal();
});

configure({ asyncUtilTimeout: 15_000 });
afterAll(() => cleanup());

const schema = { type: "object", properties: { word: { type: "string", pattern: "^[a-z]+$" }, other: { type: "string", pattern: "^(a)\\1$" } }, required: ["word"] };

function Harness({ onSend }: { onSend(value: unknown): void }) {
  const form = useSchemaForm(schema, "harness");
  return (
    <form aria-label="Harness" noValidate onSubmit={(e) => e.preventDefault()}>
      <SchemaFields form={form} rawLabel="Arguments (JSON)" />
      <button type="button" onClick={() => void form.submit().then((value) => value && onSend(value))}>
        Send
      </button>
    </form>
  );
}

describe("the validators load after the first tab", () => {
  it("no verdict and nothing sent while they load; then what the form held when sent is judged", async () => {
    const sent: unknown[] = [];
    const outputSchema = { type: "object", properties: { city: { type: "string", pattern: "^(a+)+$" } } };
    render(
      <InspectorProvider bridge={createFakeBridge()} store={createInspectorStore()}>
        <Harness onSend={(value) => sent.push(value)} />
        <CallToolResultView result={{ content: [], structuredContent: { city: "aaa" } }} outputSchema={outputSchema} />
        <JsonProblems id="problems" text='{"word": "ABC"}' schema={schema} />
      </InspectorProvider>,
    );
    const user = userEvent.setup();
    const word = () => screen.getByLabelText("word", { exact: false }) as HTMLInputElement;
    await user.type(word(), "abc");
    await user.click(screen.getByRole("button", { name: "Send" }));
    await vi.waitFor(() => expect(gate.asked).toBe(1)); // the form asked for them; they are held

    // Checking, not passing: neither the result's check nor the JSON's says "valid".
    expect(screen.getByText("Checking structuredContent against the tool's outputSchema…")).toBeTruthy();
    expect(screen.queryByText(/structuredContent matches/)).toBeNull();
    expect(screen.getByRole("list", { name: "Problems in the JSON" }).textContent).toBe("Checking against the schema…");
    expect(sent).toEqual([]);
    expect(screen.queryByRole("alert")).toBeNull();
    // Typed while the submit waits: kept in the field; the submit sends what the form held when pressed.
    fireEvent.change(word(), { target: { value: "ABC" } });

    gate.release();
    await vi.waitFor(() => expect(sent).toEqual([{ word: "abc" }]));
    expect(word().value).toBe("ABC");
    expect(await screen.findByText("✓ structuredContent matches the tool's outputSchema")).toBeTruthy();
    expect(screen.getByRole("list", { name: "Problems in the JSON" }).textContent).toContain("/word: must match the pattern");
    // The pattern RE2 cannot run is named once the engine is in.
    expect(screen.getByRole("note").textContent).toContain('Not checked here: the pattern "^(a)\\\\1$"');

    await user.click(screen.getByRole("button", { name: "Send" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Some fields need attention; nothing was sent.");
    expect(document.getElementById(word().getAttribute("aria-describedby")!.split(" ").at(-1)!)?.textContent).toContain("must match the pattern ^[a-z]+$");
    expect(sent).toHaveLength(1);
    expect(gate.asked).toBe(1);
  });
});
