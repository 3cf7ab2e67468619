// @vitest-environment happy-dom
// Property names a server chose are just names: "constructor", "toString", "hasOwnProperty" and
// "__proto__" once blanked the whole window (`r.join is not a function`) and left the elicitation
// unanswerable. And one item that fails to render shows what failed, while the rest keeps working.
import "./setup.js";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import type { Tool } from "@modelcontextprotocol/sdk/types.js";
import { createFakeBridge, runToolsLikeTheCore } from "./fakeBridge.js";
import { elicitation, session, tool } from "./fixtures.js";
import { renderApp, tabNamed } from "./renderApp.js";

// A rendering bug to contain: the title of one pending input throws.
vi.mock("../../renderer/src/tabs/pending/PendingContext.js", async (importOriginal) => {
  const actual = await importOriginal<typeof import("../../renderer/src/tabs/pending/PendingContext.js")>();
  return {
    ...actual,
    pendingTitle: (input: { id: string }) => {
      if (input.id === "bad") throw new Error("a rendering bug");
      return actual.pendingTitle(input as Parameters<typeof actual.pendingTitle>[0]);
    },
  };
});

const NAMES = ["constructor", "toString", "hasOwnProperty", "__proto__", "valueOf"];

/** Parsed from JSON, as it arrives: "__proto__" is then an own key, not the prototype. */
const hostileSchema = JSON.parse(
  `{"type":"object","properties":{${NAMES.map((n) => `"${n}":{"type":"string","minLength":2}`).join(",")}},"required":${JSON.stringify(NAMES)}}`,
) as Record<string, unknown>;

describe("schema property names a server chose", () => {
  it("an elicitation whose properties are named like Object.prototype's members renders, validates and submits every one", async () => {
    const user = userEvent.setup();
    const bridge = createFakeBridge();
    bridge.handle("answerElicitation", () => ({ ok: true }));
    await renderApp({ sessions: [session()], pendingInputs: [elicitation("p1", { message: "Hostile names", requestedSchema: hostileSchema })] }, bridge);
    await user.click(tabNamed("Elicitations"));
    expect(Object.keys(hostileSchema.properties as object)).toEqual(NAMES);

    // Every field is there, and required/minLength are checked per field.
    await user.click(screen.getByRole("button", { name: "Accept" }));
    for (const name of NAMES) expect(screen.getByLabelText(new RegExp(`^${name}`)).getAttribute("aria-invalid")).toBe("true");
    expect(bridge.callsOf("answerElicitation")).toHaveLength(0);

    for (const name of NAMES) await user.type(screen.getByLabelText(new RegExp(`^${name}`)), `${name}-value`);
    await user.click(screen.getByRole("button", { name: "Accept" }));
    const [answer] = bridge.callsOf("answerElicitation") as unknown as [{ action: string; content: Record<string, unknown> }];
    expect(answer.action).toBe("accept");
    // What crosses the bridge is JSON: every name is a key of its own, "__proto__" included.
    expect(JSON.parse(JSON.stringify(answer.content))).toEqual(JSON.parse(`{${NAMES.map((n) => `"${n}":"${n}-value"`).join(",")}}`));
    expect(Object.keys(answer.content)).toEqual(NAMES);
  });

  it("a tool whose arguments are named so runs with all of them", async () => {
    const user = userEvent.setup();
    const bridge = createFakeBridge();
    bridge.handle("listTools", () => ({ tools: [tool("hostile", { inputSchema: hostileSchema as Tool["inputSchema"] })] }));
    runToolsLikeTheCore(bridge, () => ({ result: { content: [{ type: "text", text: "ok" }] } }));
    await renderApp({ sessions: [session()] }, bridge);
    await user.click(await screen.findByRole("button", { name: "hostile" }));
    for (const name of NAMES) await user.type(screen.getByLabelText(new RegExp(`^${name}`)), `${name}!`);
    await user.click(screen.getByRole("button", { name: "Run" }));
    const [call] = bridge.callsOf("startToolRun") as unknown as [{ arguments: Record<string, unknown> }];
    expect(Object.keys(call.arguments)).toEqual(NAMES);
  });
});

describe("error boundaries", () => {
  it("an item that cannot be drawn says what failed and can still be declined; the other items and tabs keep working", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const user = userEvent.setup();
    const broken = elicitation("bad", { message: "Cannot be drawn", requestedSchema: { type: "object", properties: {} } });
    const fine = elicitation("good", { message: "Still answerable", requestedSchema: { type: "object", properties: {} } });
    const bridge = createFakeBridge();
    bridge.handle("answerElicitation", () => ({ ok: true }));
    await renderApp({ sessions: [session()], pendingInputs: [broken, fine] }, bridge);
    await user.click(tabNamed("Elicitations"));

    const failure = await screen.findByText(/^Could not show the elicitation from .*: a rendering bug$/);
    expect(failure.closest("[role=alert]")?.textContent).toContain("The rest of the inspector keeps working.");
    expect(screen.getByText("Still answerable")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Decline it" }));
    expect(bridge.callsOf("answerElicitation")).toEqual([{ pendingInputId: "bad", action: "decline" }]);
    // Other tabs are untouched.
    await user.click(tabNamed("Tools"));
    expect(screen.queryByText(/^Could not show/)).toBeNull();
  });
});
