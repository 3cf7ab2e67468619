// @vitest-environment happy-dom
// The window's link to the core (browser mode's socket): what each report draws, and that a report which
// changes nothing on screen does not draw the whole window again (the socket says "connecting" at once).
import { Profiler } from "react";
import { act, fireEvent, render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { App, type BridgeLink } from "../../renderer/src/app/App.js";
import { createFakeBridge } from "./fakeBridge.js";
import "./setup.js";

function linkSource() {
  const listeners = new Set<(link: BridgeLink) => void>();
  let now: BridgeLink = { state: "connecting" };
  return {
    onBridgeConnection(listener: (link: BridgeLink) => void) {
      listeners.add(listener);
      listener(now);
      return () => void listeners.delete(listener);
    },
    report(next: BridgeLink) {
      now = next;
      act(() => {
        for (const listener of [...listeners]) listener(next);
      });
    },
  };
}

describe("the link to the core", () => {
  it("does not draw the window again when the socket reports connecting, then open", async () => {
    const bridge = createFakeBridge();
    // The first snapshot never comes: only the link's reports could draw the window again.
    bridge.handle("getSnapshot", () => new Promise(() => {}));
    bridge.handle("listServers", () => new Promise(() => {}));
    const link = linkSource();
    let commits = 0;
    await act(async () => {
      render(
        <Profiler id="window" onRender={() => commits++}>
          <App bridge={bridge} onBridgeConnection={link.onBridgeConnection} />
        </Profiler>,
      );
    });
    expect(screen.getByRole("tab", { name: /Tools/ })).toBeTruthy();
    const atStart = commits;
    link.report({ state: "connecting" });
    link.report({ state: "open" });
    expect(commits).toBe(atStart);
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("shows a banner while reconnecting and takes it away once open again", async () => {
    const bridge = createFakeBridge();
    const link = linkSource();
    await act(async () => {
      render(<App bridge={bridge} onBridgeConnection={link.onBridgeConnection} />);
    });
    link.report({ state: "open" });
    link.report({ state: "reconnecting", reason: "code 1006" });
    expect(await screen.findByText(/closed \(code 1006\); reconnecting/)).toBeTruthy();
    link.report({ state: "reconnecting", reason: "code 1012" });
    expect(await screen.findByText(/closed \(code 1012\); reconnecting/)).toBeTruthy();
    link.report({ state: "open" });
    expect(screen.queryByText(/reconnecting/)).toBeNull();
  });

  it("shows the one no-access page when the socket never opened", async () => {
    const bridge = createFakeBridge();
    const link = linkSource();
    await act(async () => {
      render(<App bridge={bridge} onBridgeConnection={link.onBridgeConnection} />);
    });
    link.report({ state: "closed", reason: "code 4001", neverOpened: true });
    expect(screen.getByRole("heading", { name: "This tab cannot reach MCP Task Inspector" })).toBeTruthy();
    expect(screen.getByText(/code 4001/)).toBeTruthy();
  });

  it("shows what the server said about the last socket as a notice, until the user dismisses it; a later notice shows again", async () => {
    const bridge = createFakeBridge();
    const link = linkSource();
    await act(async () => {
      render(<App bridge={bridge} onBridgeConnection={link.onBridgeConnection} />);
    });
    link.report({ state: "reconnecting", reason: "the connection closed (code 1006)" });
    link.report({ state: "open" });
    link.report({ state: "open", notice: "This page fell 64 MB behind the inspector's events." });
    const notice = screen.getByText("This page fell 64 MB behind the inspector's events.").closest('[role="status"]') as HTMLElement;
    expect(notice).toBeTruthy();
    expect(screen.queryByRole("alert")).toBeNull();
    fireEvent.click(within(notice).getByRole("button", { name: "Dismiss" }));
    expect(screen.queryByText(/fell 64 MB behind/)).toBeNull();
    // Cut off again: the next socket's notice is news.
    link.report({ state: "reconnecting", reason: "the connection closed (code 1006)" });
    link.report({ state: "open" });
    link.report({ state: "open", notice: "This page fell 64 MB behind the inspector's events." });
    expect(screen.getByText(/fell 64 MB behind/)).toBeTruthy();
  });
});
