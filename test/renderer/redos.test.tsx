// @vitest-environment happy-dom
// A server-chosen pattern in a form runs in linear time (re2js), never in the page's backtracking engine:
// `^(a+)+$` with a default of 32 "a"s and a "!" froze the page for 26 s on Accept.
import "./setup.js";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { validateAgainstSchema } from "../../renderer/src/forms/validate.js";
import { createFakeBridge } from "./fakeBridge.js";
import { elicitation, session } from "./fixtures.js";
import { renderApp, tabNamed } from "./renderApp.js";

const EXPONENTIAL = [
  { pattern: "^(a+)+$", bad: `${"a".repeat(40)}!`, good: "aaaa" },
  { pattern: "^(a|aa)+$", bad: `${"a".repeat(60)}!`, good: "aaa" },
  { pattern: "^(\\w+\\s?)*$", bad: `${"word ".repeat(14)}word!`, good: "two words" },
];

describe("patterns in forms", () => {
  for (const { pattern, bad, good } of EXPONENTIAL) {
    it(`${pattern}: the crafted value is refused at once, a matching one passes`, () => {
      const schema = { type: "object", properties: { word: { type: "string", pattern } } };
      // A backtracking engine would take minutes on the crafted value (far past the test's time-out).
      const outcome = validateAgainstSchema(schema, { word: bad }, ["word"]);
      expect(outcome.valid).toBe(false);
      expect(outcome.fieldErrors.word).toEqual([`must match the pattern ${pattern}`]);
      expect(validateAgainstSchema(schema, { word: good }, ["word"]).valid).toBe(true);
    });
  }

  it("Accept on the elicitation from the report (32 a's and a '!' as default) shows the field's error instead of freezing", async () => {
    const user = userEvent.setup();
    const bridge = createFakeBridge();
    bridge.handle("answerElicitation", () => ({ ok: true }));
    const requestedSchema = { type: "object", properties: { word: { type: "string", pattern: "^(a+)+$", default: `${"a".repeat(32)}!` } } };
    await renderApp({ sessions: [session()], pendingInputs: [elicitation("p1", { message: "ReDoS", requestedSchema })] }, bridge);
    await user.click(tabNamed("Elicitations"));
    await user.click(screen.getByRole("button", { name: "Accept" }));
    expect(document.getElementById(screen.getByLabelText("word").getAttribute("aria-describedby")!.split(" ").at(-1)!)?.textContent).toContain(
      "must match the pattern ^(a+)+$",
    );
    expect(bridge.callsOf("answerElicitation")).toHaveLength(0);
  });

  it("a pattern RE2 cannot run (a backreference) is not run: the form says it was not checked, and the answer can be sent", async () => {
    const user = userEvent.setup();
    const bridge = createFakeBridge();
    bridge.handle("answerElicitation", () => ({ ok: true }));
    const requestedSchema = { type: "object", properties: { pair: { type: "string", pattern: "^(a)\\1$" } } };
    await renderApp({ sessions: [session()], pendingInputs: [elicitation("p1", { message: "Backreference", requestedSchema })] }, bridge);
    await user.click(tabNamed("Elicitations"));
    expect(screen.getByRole("note").textContent).toContain('Not checked here: the pattern "^(a)\\\\1$"');
    await user.type(screen.getByLabelText("pair"), "xy");
    await user.click(screen.getByRole("button", { name: "Accept" }));
    expect(bridge.callsOf("answerElicitation")).toEqual([{ pendingInputId: "p1", action: "accept", content: { pair: "xy" } }]);
  });
});
