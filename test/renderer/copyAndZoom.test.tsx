// @vitest-environment happy-dom
// Copy buttons on result blocks, structured content, the whole result and ids, each with a name of its
// own; a refused clipboard shows the text selected for Ctrl+C. Images: a small one is drawn scaled up,
// and a click views it larger in a dialog that Escape closes.
import "./setup.js";
import { fireEvent, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { CallToolResultView } from "../../renderer/src/components/CallToolResultView.js";
import { MediaBlock } from "../../renderer/src/components/MediaBlock.js";
import { renderWithStore } from "./renderWithStore.js";
import { LogsTab } from "../../renderer/src/tabs/logs/LogsTab.js";
import { TasksTab } from "../../renderer/src/tabs/tasks/TasksTab.js";
import { clientTask, session } from "./fixtures.js";

const PNG_1x1 = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==";

function clipboard(writeText: (text: string) => Promise<void>) {
  Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("copy buttons", () => {
  const result = {
    content: [
      { type: "text" as const, text: 'He said "hi"\n\\ ünïcode' },
      { type: "resource_link" as const, uri: "file:///x", name: "x" },
      { type: "image" as const, data: PNG_1x1, mimeType: "image/png" },
    ],
    structuredContent: { answer: 42, list: ["a"] },
  };

  it("each text or JSON block, the structured content and the whole result copy exactly; media has no Copy (it has Download)", async () => {
    const user = userEvent.setup();
    const copied: string[] = [];
    clipboard(async (text) => void copied.push(text));
    renderWithStore(<CallToolResultView result={result} what="Run 3" />);
    await user.click(screen.getByRole("button", { name: "Copy block 1 of the result of Run 3" }));
    await user.click(screen.getByRole("button", { name: "Copy block 2 of the result of Run 3" }));
    expect(screen.queryByRole("button", { name: "Copy block 3 of the result of Run 3" })).toBeNull();
    await user.click(screen.getByRole("button", { name: "Copy the structured content of Run 3" }));
    await user.click(screen.getByRole("button", { name: "Copy the whole result of Run 3 as JSON" }));
    expect(copied).toEqual([
      'He said "hi"\n\\ ünïcode',
      JSON.stringify(result.content[1], null, 2),
      JSON.stringify(result.structuredContent, null, 2),
      JSON.stringify(result, null, 2),
    ]);
    expect(screen.getAllByRole("status").some((s) => s.textContent === "Copied")).toBe(true);
  });

  it("a refused clipboard: the text is shown selected for Ctrl+C, never lost", async () => {
    const user = userEvent.setup();
    clipboard(() => Promise.reject(new Error("NotAllowedError")));
    renderWithStore(<CallToolResultView result={result} what="Run 3" />);
    await user.click(screen.getByRole("button", { name: "Copy the structured content of Run 3" }));
    const area = screen.getByRole("textbox", { name: "the structured content of Run 3, to copy" }) as HTMLTextAreaElement;
    expect(area.value).toBe(JSON.stringify(result.structuredContent, null, 2));
    expect(document.activeElement).toBe(area);
    expect(screen.getByText(/press Ctrl\+C/)).toBeTruthy();
  });
});

describe("copy buttons beside a message and a task", () => {
  it("a log message's JSON copies exactly, as the JSON pane shows it", async () => {
    const user = userEvent.setup();
    const copied: string[] = [];
    clipboard(async (text) => void copied.push(text));
    const payload = { jsonrpc: "2.0" as const, id: 7, method: "tools/call", params: { name: 'say "hi"', arguments: { path: "C:\\x", text: "ünï" } } };
    renderWithStore(<LogsTab />, { snapshot: { sessions: [session()] }, events: [{ type: "logEntry", payload: { seq: 1, sessionId: "s1", direction: "out", time: new Date(0).toISOString(), payload } }] });
    await user.click(screen.getByRole("button", { name: "Show message 1 as JSON" }));
    await user.click(screen.getByRole("button", { name: "Copy message 1 as JSON" }));
    expect(copied).toEqual([JSON.stringify(payload, null, 2)]);
  });

  it("a task's id copies from its details", async () => {
    const user = userEvent.setup();
    const copied: string[] = [];
    clipboard(async (text) => void copied.push(text));
    renderWithStore(<TasksTab />, { snapshot: { sessions: [session()], clientTasks: [clientTask("task-\"A\"")] } });
    await user.click(screen.getByRole("button", { name: 'Details of task task-"A"' }));
    await user.click(within(screen.getByRole("region", { name: 'Task task-"A"' })).getByRole("button", { name: 'Copy task id task-"A"' }));
    expect(copied).toEqual(['task-"A"']);
  });
});

describe("image zoom", () => {
  it("a small image is drawn scaled up in whole steps; a click views it larger, Escape closes and focus returns", async () => {
    const user = userEvent.setup();
    renderWithStore(<MediaBlock kind="image" data={PNG_1x1} mimeType="image/png" />);
    const img = screen.getByRole("img", { name: "Image from the server (image/png)" }) as HTMLImageElement;
    Object.defineProperty(img, "naturalWidth", { value: 16 });
    Object.defineProperty(img, "naturalHeight", { value: 8 });
    fireEvent.load(img);
    expect([img.getAttribute("width"), img.getAttribute("height")]).toEqual(["128", "64"]);
    expect(img.className).toContain("small-image");
    const zoom = screen.getByRole("button", { name: "View larger: Image from the server (image/png)" });
    await user.click(zoom);
    const dialog = screen.getByRole("dialog", { name: "Image from the server (image/png)" });
    expect(within(dialog).getByRole("img")).toBeTruthy();
    expect(within(dialog).getByText(/16 × 8 pixels/)).toBeTruthy();
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(document.activeElement).toBe(zoom);
  });

  it("a large image keeps its size", () => {
    renderWithStore(<MediaBlock kind="image" data={PNG_1x1} mimeType="image/png" />);
    const img = screen.getByRole("img") as HTMLImageElement;
    Object.defineProperty(img, "naturalWidth", { value: 640 });
    Object.defineProperty(img, "naturalHeight", { value: 480 });
    fireEvent.load(img);
    expect(img.getAttribute("width")).toBeNull();
    expect(img.className).not.toContain("small-image");
  });
});
