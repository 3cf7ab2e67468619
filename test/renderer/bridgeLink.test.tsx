// @vitest-environment happy-dom
// The window's link to the core (browser mode's socket): what each report draws, and that a report which
// changes nothing on screen does not draw the whole window again (the socket says "connecting" at once).
import { Profiler } from "react";
import { act, render, screen } from "@testing-library/react";
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
});
