// @vitest-environment happy-dom
// A task's tool result in the Tasks tab's Details is checked against the tool's outputSchema exactly as the
// Tools tab checks a run's result (the same CallToolResultView and the same lookup of the schema).
import "./setup.js";
import { act, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { ClientTask } from "../../shared/types.js";
import { TasksTab } from "../../renderer/src/tabs/tasks/TasksTab.js";
import { clientTask, session, tool } from "./fixtures.js";
import { renderWithStore } from "./renderWithStore.js";

const schema = { type: "object" as const, properties: { temperature: { type: "number" }, city: { type: "string", pattern: "^(a+)+$" } }, required: ["temperature"] };

function completed(taskId: string, structuredContent: Record<string, unknown> | undefined, overrides: Partial<ClientTask> = {}): ClientTask {
  return clientTask(taskId, { status: "completed", toolName: "weather", result: { content: [{ type: "text", text: "done" }], ...(structuredContent ? { structuredContent } : {}) }, ...overrides });
}

async function details(tasks: ClientTask[], taskId: string, outputSchema: typeof schema | null = schema) {
  const { store } = renderWithStore(<TasksTab />, { snapshot: { sessions: [session()], clientTasks: tasks } });
  act(() => store.getState().setTools("s1", [tool("weather", outputSchema ? { outputSchema } : {})]));
  await userEvent.setup().click(screen.getByRole("button", { name: `Details of task ${taskId}` }));
  return within(screen.getByRole("region", { name: `Task ${taskId}` }));
}

describe("Task Details: the result's structuredContent against the tool's outputSchema", () => {
  it("Q4 M4: a completed task whose structuredContent fits says so, as in the Tools tab", async () => {
    const view = await details([completed("c1", { temperature: 21.5 })], "c1");
    expect(view.getByText("✓ structuredContent matches the tool's outputSchema")).toBeTruthy();
  });

  it("Q4 M4: one that does not fit names each field and what was wrong (a hostile pattern run in linear time)", async () => {
    const view = await details([completed("c1", { temperature: "warm", city: `${"a".repeat(40)}!` }, { era: "modern" })], "c1");
    expect(view.getByText("✗ structuredContent does not match the tool's outputSchema:")).toBeTruthy();
    const problems = view.getAllByRole("listitem").map((li) => li.textContent);
    expect(problems).toContainEqual(expect.stringMatching(/^temperature: .*number/));
    expect(problems).toContain("city: must match the pattern ^(a+)+$");
  });

  it("Q4: no structuredContent from a tool with an outputSchema fails the check; a tool without one, or an isError result, has no check", async () => {
    const view = await details([completed("c1", undefined), completed("c2", { temperature: 1 }, { result: { content: [], structuredContent: { temperature: "x" }, isError: true } })], "c1");
    expect(view.getByText("the result has no structuredContent, and the tool declares an outputSchema")).toBeTruthy();
    await userEvent.setup().click(screen.getByRole("button", { name: "Details of task c2" }));
    const errored = within(screen.getByRole("region", { name: "Task c2" }));
    expect(errored.queryByText(/structuredContent (matches|does not match)/)).toBeNull();
  });

  it("Q4: a tool whose list declares no outputSchema gets no check", async () => {
    const view = await details([completed("c1", { temperature: 1 })], "c1", null);
    expect(view.getByText("Structured content")).toBeTruthy();
    expect(view.queryByText(/structuredContent (matches|does not match)|declares an outputSchema/)).toBeNull();
  });
});
