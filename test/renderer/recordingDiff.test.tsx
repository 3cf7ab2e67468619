// @vitest-environment happy-dom
// Issue 22, "Compare…": with a recording opened, a second recording file (or the live session) is
// compared by the core; the page draws both surfaces side by side with each change marked Breaking /
// Not breaking in words, the behaviour changes listed, hostile names as bounded text, long lists capped.
import "./setup.js";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { LogsTab } from "../../renderer/src/tabs/logs/LogsTab.js";
import type { RecordingDiff } from "../../shared/recordingDiff.js";
import { renderWithStore } from "./renderWithStore.js";

const HOSTILE = `<img src=x onerror=alert(1)>${"N".repeat(100_000)}`;

const DIFF: RecordingDiff = {
  document: {
    diff: 1,
    a: { server: { name: "versioned-fixture", version: "1.0.0" }, era: "legacy", protocolVersion: "2025-11-25" },
    b: { server: { name: "versioned-fixture", version: "2.0.0" }, era: "legacy", protocolVersion: "2025-11-25" },
    changes: [
      { area: "surface", subject: "tool", name: "echo", what: "description changed", breaking: false, before: "Echoes", after: "Repeats" },
      { area: "surface", subject: "tool", name: "delete-item", what: "tool removed", breaking: true },
      { area: "surface", subject: "tool", name: "fresh", what: "tool added", breaking: false },
      ...Array.from({ length: 400 }, (_, i) => ({ area: "behaviour" as const, subject: "call" as const, name: `tools/call {"name":"n${i}"}`, what: "now fails", breaking: true, after: { code: -32000, message: HOSTILE } })),
    ],
    breaking: 401,
    other: 2,
  },
  surfaces: {
    a: { era: "legacy", protocolVersion: "2025-11-25", server: { name: "versioned-fixture", version: "1.0.0" }, capabilities: { names: ["tools"], count: 1 }, tools: { names: ["echo", "delete-item", HOSTILE.slice(0, 300)], count: 5000 } },
    b: { era: "legacy", protocolVersion: "2025-11-25", server: { name: "versioned-fixture", version: "2.0.0" }, capabilities: { names: ["tools"], count: 1 }, tools: { names: ["echo", "fresh"], count: 2 } },
  },
};

describe("Compare… (issue 22)", () => {
  it("the opened recording against a second file: both sides side by side, marks in words, behaviour changes capped, hostile text as text", async () => {
    const user = userEvent.setup();
    const { bridge, container } = renderWithStore(<LogsTab />);
    // Nothing opened: Compare… has no first side.
    expect((screen.getByRole("button", { name: "Compare…" }) as HTMLButtonElement).disabled).toBe(true);
    bridge.handle("openRecording", () => ({ header: { mcprec: 1, serverInfo: { name: "versioned-fixture", version: "1.0.0" } }, entries: [], stderr: [], warnings: [] }));
    bridge.handle("diffRecordings", () => DIFF);
    await user.upload(screen.getByLabelText("Recording file"), new File(["first\n"], "v1.mcprec"));
    await screen.findByRole("region", { name: "Opened recording" });

    await user.click(screen.getByRole("button", { name: "Compare…" }));
    const choice = screen.getByRole("group", { name: "Compare the opened recording with" });
    // No session: only a file can be the second side.
    expect(within(choice).getAllByRole("button").map((b) => b.textContent)).toEqual(["A recording file…"]);
    await user.upload(screen.getByLabelText("Recording to compare with"), new File(["second\n"], "v2.mcprec"));
    const comparison = await screen.findByRole("region", { name: "Comparison" });
    expect(bridge.callsOf("diffRecordings")).toEqual([{ a: "first\n", b: "second\n" }]);
    expect(within(comparison).getByRole("status").textContent).toBe("401 breaking changes, 2 not breaking");

    const before = within(comparison).getByRole("region", { name: "Before: v1.mcprec" });
    const after = within(comparison).getByRole("region", { name: "After: v2.mcprec" });
    const item = (side: HTMLElement, name: string) => within(within(side).getByRole("list", { name: "Tools, " + side.getAttribute("aria-label")!.split(":")[0]!.toLowerCase() })).getAllByRole("listitem").find((li) => li.querySelector(".diff-name")?.textContent === name)!;
    expect(item(before, "delete-item").textContent).toBe("delete-item Breaking: tool removed");
    expect(item(before, "delete-item").className).toContain("breaking");
    expect(item(after, "fresh").textContent).toBe("fresh Not breaking: tool added");
    expect(item(after, "echo").textContent).toBe("echo Not breaking: description changed");
    // The removal is marked where the tool was, not on the side that lost it.
    expect(within(after).queryByText(/tool removed/)).toBeNull();
    expect(within(before).getByText("Tools (5000)")).toBeTruthy();
    expect(within(before).getByText("…and 4997 more not shown")).toBeTruthy();
    expect(within(before).getByText("Resources: not asked for")).toBeTruthy();

    const behaviour = within(comparison).getByRole("region", { name: "Behaviour of the calls both made" });
    expect(within(behaviour).getByRole("heading").textContent).toBe("Behaviour of the calls both made (400)");
    expect(within(behaviour).getAllByRole("listitem")).toHaveLength(301);
    expect(within(behaviour).getByText("…and 100 more")).toBeTruthy();
    expect(container.querySelector("img")).toBeNull();
    expect(comparison.textContent!.length).toBeLessThan(400_000);

    await user.click(screen.getByRole("button", { name: "Close comparison" }));
    expect(screen.queryByRole("region", { name: "Comparison" })).toBeNull();
  });

  it("with a live session, the live session is the second side; a damaged file is an error naming it", async () => {
    const user = userEvent.setup();
    const session = { sessionId: "s1", serverId: "x", serverName: "Everything (demo)", transport: "stdio", state: "connected", era: "legacy", protocolVersion: "2025-11-25" };
    const { bridge } = renderWithStore(<LogsTab />, { snapshot: { sessions: [session as never] } });
    bridge.handle("openRecording", () => ({ header: { mcprec: 1 }, entries: [], stderr: [], warnings: [] }));
    bridge.handle("diffRecordings", ({ b }) => {
      if (typeof b === "string") throw new Error("The second recording: Line 2 is not JSON");
      return { ...DIFF, document: { ...DIFF.document, changes: [], breaking: 0, other: 0 } };
    });
    await user.upload(screen.getByLabelText("Recording file"), new File(["first\n"], "tools.mcprec"));
    await screen.findByRole("region", { name: "Opened recording" });
    await user.click(screen.getByRole("button", { name: "Compare…" }));
    await user.upload(screen.getByLabelText("Recording to compare with"), new File(["x\n"], "broken.mcprec"));
    expect((await screen.findByRole("alert")).textContent).toContain("broken.mcprec could not be compared: The second recording: Line 2 is not JSON");
    await user.click(screen.getByRole("button", { name: "The live session (Everything (demo))" }));
    const comparison = await screen.findByRole("region", { name: "Comparison" });
    expect(bridge.callsOf("diffRecordings").at(-1)).toEqual({ a: "first\n", b: { sessionId: "s1" } });
    expect(within(comparison).getByRole("status").textContent).toBe("No changes");
    expect(within(comparison).getByRole("heading", { level: 2 }).textContent).toBe("Comparison: tools.mcprec → the live session (Everything (demo))");
    // Closing the recording closes its comparison too.
    await user.click(screen.getByRole("button", { name: "Close recording" }));
    expect(screen.queryByRole("region", { name: "Comparison" })).toBeNull();
  });

  it("what varies between runs is listed apart (issue 30): each call with its values, the unlisted ones counted, and the readers' warnings", async () => {
    const user = userEvent.setup();
    const { bridge } = renderWithStore(<LogsTab />);
    bridge.handle("openRecording", () => ({ header: { mcprec: 1 }, entries: [], stderr: [], warnings: [] }));
    const varies = (name: string, what: string, before: unknown, after: unknown) => ({ area: "behaviour" as const, subject: "call" as const, name, what, breaking: false, before, after });
    bridge.handle("diffRecordings", () => ({
      ...DIFF,
      document: {
        ...DIFF.document,
        changes: [],
        breaking: 0,
        other: 0,
        varies: [
          varies('tools/call {"arguments":{},"name":"get-time"}', "result varies between runs (times, ids, durations)", { content: [{ type: "text", text: "2026-11-01T10:00:00Z" }] }, { content: [{ type: "text", text: "2026-11-01T10:01:00Z" }] }),
          varies('tools/call {"arguments":{},"name":"research"}', "task status sequence varies between runs (poll timing)", ["working", "completed"], ["working", "input_required", "completed"]),
          ...Array.from({ length: 400 }, (_, i) => varies(`tools/call {"name":"n${i}"}`, "result varies between runs (times, ids, durations)", HOSTILE, "x")),
        ],
        unlisted: { changes: 0, breaking: 0, varies: 5000, notCompared: 0 },
        warnings: { a: [], b: ["Line 7: the server sent sampling/createMessage, but the client did not offer the sampling capability"] },
      },
    }));
    await user.upload(screen.getByLabelText("Recording file"), new File(["first\n"], "monday.mcprec"));
    await screen.findByRole("region", { name: "Opened recording" });
    await user.click(screen.getByRole("button", { name: "Compare…" }));
    await user.upload(screen.getByLabelText("Recording to compare with"), new File(["second\n"], "tuesday.mcprec"));
    const comparison = await screen.findByRole("region", { name: "Comparison" });
    // Nothing changed: what varies is not counted as a change.
    expect(within(comparison).getByRole("status").textContent).toBe("No changes");
    const list = within(comparison).getByRole("region", { name: "Varies between runs (not a change)" });
    expect(within(list).getByRole("heading").textContent).toBe("Varies between runs (not a change) (5402)");
    const items = within(list).getAllByRole("listitem");
    expect(items[0]!.textContent).toBe('Varies call tools/call {"arguments":{},"name":"get-time"}: result varies between runs (times, ids, durations)before {"content":[{"type":"text","text":"2026-11-01T10:00:00Z"}]} after {"content":[{"type":"text","text":"2026-11-01T10:01:00Z"}]}');
    expect(items[1]!.textContent).toContain('task status sequence varies between runs (poll timing)before ["working","completed"] after ["working","input_required","completed"]');
    // 300 listed, the rest of the document's counted, then those past the diff's own listing.
    expect(items).toHaveLength(302);
    expect(items.at(-2)!.textContent).toBe("…and 102 more");
    expect(items.at(-1)!.textContent).toBe("…and 5000 more in calls not listed");
    const warnings = within(comparison).getByRole("region", { name: "Warnings" });
    expect(within(warnings).getByRole("listitem").textContent).toBe("tuesday.mcprec: Line 7: the server sent sampling/createMessage, but the client did not offer the sampling capability");
  });
});
