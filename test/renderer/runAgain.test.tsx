// @vitest-environment happy-dom
// Run again repeats a past run's call exactly; Edit and run puts its arguments back in the tool's form
// (strings with quotes and backslashes, numbers, booleans, enums, nested JSON), so Run then sends them.
import "./setup.js";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { draftOfArguments } from "../../renderer/src/tabs/tools/runAgain.js";
import { buildForm, collect } from "../../renderer/src/forms/schemaForm.js";
import { createFakeBridge, runToolsLikeTheCore } from "./fakeBridge.js";
import { session, tool } from "./fixtures.js";
import { renderApp } from "./renderApp.js";

const schema = {
  type: "object",
  properties: {
    message: { type: "string" },
    count: { type: "integer" },
    loud: { type: "boolean" },
    colour: { type: "string", enum: ["red", "green"] },
    nested: { type: "object", properties: { a: { type: "array" } } },
  },
  required: ["message"],
};
const args = { message: 'say "hi" \\ there', count: 3, loud: true, colour: "green", nested: { a: [1, "two", null] } };

describe("run again", () => {
  it("the draft made from a run's arguments collects back to exactly those arguments", () => {
    const draft = draftOfArguments({ inputSchema: schema as never }, args);
    expect(draft.mode).toBe("form");
    expect(collect(buildForm(schema), draft).value).toEqual(args);
    // Arguments the form has no place for (a key the schema forbids) open the form as JSON, kept whole.
    const closed = { ...schema, additionalProperties: false };
    const extra = { ...args, unknown: "kept" };
    const asJson = draftOfArguments({ inputSchema: closed as never }, extra);
    expect(asJson.mode).toBe("json");
    expect(JSON.parse(asJson.jsonText)).toEqual(extra);
  });

  it("Run again sends the same call; Edit and run fills the form, and Run sends the edited arguments", async () => {
    const user = userEvent.setup();
    const bridge = createFakeBridge();
    bridge.handle("listTools", () => ({ tools: [tool("echo", { inputSchema: schema as never }), tool("other")] }));
    runToolsLikeTheCore(bridge, () => ({ result: { content: [{ type: "text", text: "ok" }] } }));
    await renderApp({ sessions: [session({ serverCapabilities: { tools: {} } })] }, bridge);
    await user.click(await screen.findByRole("button", { name: "echo" }));
    const form = screen.getByRole("form", { name: "Arguments for echo" });
    await user.type(within(form).getByRole("textbox", { name: /message/ }), 'say "hi" \\ there');
    await user.click(screen.getByRole("button", { name: "Run" }));
    const first = await screen.findByRole("article", { name: "Run 1: echo" });
    await within(first).findByText("ok");
    await user.click(within(first).getByRole("button", { name: "Run echo again with the arguments of Run 1" }));
    expect(bridge.callsOf("startToolRun").map((c) => [c.name, c.arguments])).toEqual([
      ["echo", { message: 'say "hi" \\ there' }],
      ["echo", { message: 'say "hi" \\ there' }],
    ]);
    // Another tool selected and the form cleared: Edit and run brings both back.
    await user.click(screen.getByRole("button", { name: "other" }));
    await user.click(screen.getByRole("button", { name: "echo" }));
    await user.clear(within(screen.getByRole("form", { name: "Arguments for echo" })).getByRole("textbox", { name: /message/ }));
    await user.click(within(screen.getByRole("article", { name: "Run 1: echo" })).getByRole("button", { name: "Edit the arguments of Run 1 and run" }));
    const refilled = screen.getByRole("form", { name: "Arguments for echo" });
    const message = within(refilled).getByRole("textbox", { name: /message/ }) as HTMLInputElement;
    expect(message.value).toBe('say "hi" \\ there');
    await user.type(message, "!");
    await user.click(screen.getByRole("button", { name: "Run" }));
    expect(bridge.callsOf("startToolRun").at(-1)!.arguments).toEqual({ message: 'say "hi" \\ there!' });
  });
});
