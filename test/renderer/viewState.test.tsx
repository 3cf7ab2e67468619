// @vitest-environment happy-dom
// Each tab's view state lives in the store, not in the tab: the user switches to another tab (by
// clicking it) and back, and finds the filters, the rows they select, the open details and what
// they typed as they left them, for as long as the window is open.
import "./setup.js";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { InspectorEvent } from "../../shared/contract.js";
import type { LogEntry } from "../../shared/types.js";
import { createFakeBridge } from "./fakeBridge.js";
import { clientTask, receiverTask, session } from "./fixtures.js";
import { renderApp, tabNamed } from "./renderApp.js";

const shownTaskIds = () =>
  screen
    .queryAllByText(/^[cr]-/, { selector: "code" })
    .map((c) => c.textContent)
    .sort();
const combobox = (name: string) => screen.getByRole("combobox", { name }) as HTMLSelectElement;
const textbox = (name: string) => screen.getByRole("textbox", { name }) as HTMLInputElement;

function logEntry(sessionId: string, seq: number, direction: "in" | "out", message: Record<string, unknown>): InspectorEvent {
  const payload: LogEntry = { seq, sessionId, direction, time: new Date(0).toISOString(), payload: { jsonrpc: "2.0", ...message } };
  if (typeof message.method === "string") payload.method = message.method;
  if (typeof message.id === "number") payload.id = message.id;
  return { type: "logEntry", payload };
}

describe("tab view state survives switching tabs", () => {
  it("Tasks: the Kind and Status filters, the filtered rows and the open details are as the user left them", async () => {
    const user = userEvent.setup();
    await renderApp({
      sessions: [session()],
      clientTasks: [clientTask("c-working"), clientTask("c-done", { status: "completed" })],
      receiverTasks: [receiverTask("r-working"), receiverTask("r-failed", { status: "failed" })],
    });
    await user.click(tabNamed("Tasks"));
    expect(shownTaskIds()).toEqual(["c-done", "c-working", "r-failed", "r-working"]);
    await user.selectOptions(combobox("Kind"), "receiver");
    await user.selectOptions(combobox("Status"), "working");
    expect(shownTaskIds()).toEqual(["r-working"]);
    await user.click(screen.getByRole("button", { name: "Details of task r-working" }));
    expect(screen.getByRole("region", { name: "Task r-working" })).toBeTruthy();

    await user.click(tabNamed("Logs"));
    expect(screen.queryByRole("combobox", { name: "Kind" })).toBeNull();
    await user.click(tabNamed("Tasks"));

    expect(combobox("Kind").value).toBe("receiver");
    expect(combobox("Status").value).toBe("working");
    expect(shownTaskIds()).toEqual(["r-working"]);
    expect(screen.getByText("1 task")).toBeTruthy();
    expect(screen.getByRole("region", { name: "Task r-working" })).toBeTruthy();

    // Changing them again after the round trip still works, in both directions.
    await user.selectOptions(combobox("Kind"), "all");
    expect(shownTaskIds()).toEqual(["c-working", "r-working"]);
    await user.selectOptions(combobox("Status"), "all");
    expect(shownTaskIds()).toEqual(["c-done", "c-working", "r-failed", "r-working"]);
  });

  it("Tasks: a notification about a task still shows it, whatever filter the user had kept", async () => {
    const user = userEvent.setup();
    const { bridge } = await renderApp({ sessions: [session()], clientTasks: [clientTask("c-1")], receiverTasks: [receiverTask("r-1")] });
    await user.click(tabNamed("Tasks"));
    await user.selectOptions(combobox("Kind"), "receiver");
    expect(shownTaskIds()).toEqual(["r-1"]);
    await user.click(tabNamed("Tools"));
    bridge.emit({ type: "navigate", payload: { tab: "tasks", itemId: "c-1", sessionId: "s1" } });
    expect(await screen.findByRole("region", { name: "Task c-1" })).toBeTruthy();
    expect(combobox("Kind").value).toBe("all");
    expect(shownTaskIds()).toEqual(["c-1", "r-1"]);
  });

  it("Logs: the Direction, Method and Task ID filters and the shown message are kept, per session", async () => {
    const user = userEvent.setup();
    const { bridge } = await renderApp({ sessions: [session(), session({ sessionId: "s2", serverName: "Second" })] });
    bridge.emit(
      logEntry("s1", 1, "out", { method: "tools/call", id: 1, params: { name: "x", task: { ttl: 1000 } } }),
      logEntry("s1", 2, "in", { id: 1, result: { task: { taskId: "task-A", status: "working" } } }),
      logEntry("s1", 3, "out", { method: "tasks/get", id: 2, params: { taskId: "task-A" } }),
      logEntry("s1", 4, "in", { method: "notifications/tasks/status", params: { taskId: "task-A", status: "completed" } }),
      logEntry("s2", 5, "out", { method: "ping", id: 1 }),
    );
    await user.click(tabNamed("Logs"));
    const status = () => screen.getByText(/^\d+ of \d+ messages$/).textContent;
    // A fresh window shows the newest session; this test starts from the first.
    expect(status()).toBe("1 of 1 messages");
    await user.selectOptions(combobox("Session"), "s1");
    expect(status()).toBe("4 of 4 messages");
    await user.selectOptions(combobox("Direction"), "in");
    await user.type(textbox("Method"), "tasks");
    await user.type(textbox("Task ID"), "task-A");
    expect(status()).toBe("1 of 4 messages");
    await user.click(screen.getByRole("button", { name: "Show message 4 as JSON" }));
    expect(screen.getByLabelText("Message 4 JSON")).toBeTruthy();

    await user.click(tabNamed("Tasks"));
    await user.click(tabNamed("Logs"));
    expect(combobox("Direction").value).toBe("in");
    expect(textbox("Method").value).toBe("tasks");
    expect(textbox("Task ID").value).toBe("task-A");
    expect(status()).toBe("1 of 4 messages");
    expect(screen.getByRole("button", { name: "Show message 4 as JSON" }).getAttribute("aria-pressed")).toBe("true");
    expect(screen.getByLabelText("Message 4 JSON")).toBeTruthy();

    // Another session has its own filters; coming back to the first finds its filters again.
    await user.selectOptions(combobox("Session"), "s2");
    expect(combobox("Direction").value).toBe("all");
    expect(textbox("Method").value).toBe("");
    expect(status()).toBe("1 of 1 messages");
    await user.selectOptions(combobox("Session"), "s1");
    expect(textbox("Method").value).toBe("tasks");
    expect(status()).toBe("1 of 4 messages");
  });

  it("Prompts and Resources: the picked prompt, its typed arguments and a template's typed variables are kept", async () => {
    const user = userEvent.setup();
    const bridge = createFakeBridge();
    bridge.handle("listPrompts", () => ({ prompts: [{ name: "greet", arguments: [{ name: "who", required: true }] }, { name: "other" }] }));
    bridge.handle("listResourceTemplates", () => ({ resourceTemplates: [{ name: "User", uriTemplate: "users://{id}" }] }));
    await renderApp({ sessions: [session({ serverCapabilities: { prompts: {}, resources: {} } })] }, bridge);

    await user.click(tabNamed("Prompts"));
    await user.click(await screen.findByRole("button", { name: "greet" }));
    await user.type(within(screen.getByRole("region", { name: "Prompt greet" })).getByRole("textbox", { name: "who" }), "Ada");
    await user.click(tabNamed("Resources"));
    const template = within(await screen.findByRole("form", { name: "Template User" })).getByRole("textbox", { name: "id" });
    await user.type(template, "42");
    await user.click(tabNamed("Tools"));

    await user.click(tabNamed("Prompts"));
    const prompt = await screen.findByRole("region", { name: "Prompt greet" });
    expect(screen.getByRole("button", { name: "greet" }).getAttribute("aria-current")).toBe("true");
    expect((within(prompt).getByRole("textbox", { name: "who" }) as HTMLInputElement).value).toBe("Ada");
    await user.click(tabNamed("Resources"));
    const form = await screen.findByRole("form", { name: "Template User" });
    expect((within(form).getByRole("textbox", { name: "id" }) as HTMLInputElement).value).toBe("42");
    expect(within(form).getByRole("status", { name: "URI from template User" }).textContent).toBe("users://42");
  });
});
