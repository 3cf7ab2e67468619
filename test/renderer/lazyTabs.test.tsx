// @vitest-environment happy-dom
// Issue 21: the tabs after the first are chunks of their own, loaded when first opened or once the
// window is idle. Not "./setup.js" here: it preloads every chunk, and this file is about the wait.
import { act, cleanup, render, screen } from "@testing-library/react";
import { Suspense, useState } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { lazyNamed } from "../../renderer/src/app/lazyTabs.js";
import { renderApp, tabNamed } from "./renderApp.js";

afterEach(() => cleanup());

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

function Counter() {
  const [n, setN] = useState(0);
  return <button onClick={() => setN(n + 1)}>clicked {n}</button>;
}

describe("lazy tabs", () => {
  it("a tab not yet loaded says it is loading, then shows itself; once loaded, it mounts at once", async () => {
    const chunk = deferred<{ Counter: typeof Counter }>();
    const tab = lazyNamed(() => chunk.promise, "Counter");
    const first = render(<Suspense fallback={<p role="status">Loading the tab…</p>}><tab.Component /></Suspense>);
    expect(screen.getByRole("status").textContent).toBe("Loading the tab…");
    await act(async () => chunk.resolve({ Counter }));
    expect(screen.getByRole("button").textContent).toBe("clicked 0");
    first.unmount();
    // Loaded: a new mount renders synchronously, with no fallback in between.
    render(<Suspense fallback={<p role="status">Loading the tab…</p>}><tab.Component /></Suspense>);
    expect(screen.queryByRole("status")).toBeNull();
    expect(screen.getByRole("button").textContent).toBe("clicked 0");
  });

  it("preload() fetches the chunk once, however often it is asked; a failed fetch is tried again", async () => {
    let calls = 0;
    let fail = true;
    const tab = lazyNamed(async () => {
      calls++;
      if (fail) throw new Error("chunk fetch failed");
      return { Counter };
    }, "Counter");
    await expect(tab.preload()).rejects.toThrow("chunk fetch failed");
    fail = false;
    await Promise.all([tab.preload(), tab.preload()]);
    expect(calls).toBe(2);
    // Preloaded before its first mount (the window does it when idle): no "Loading…" at all.
    render(<Suspense fallback={<p role="status">Loading the tab…</p>}><tab.Component /></Suspense>);
    expect(screen.queryByRole("status")).toBeNull();
    expect(screen.getByRole("button").textContent).toBe("clicked 0");
  });

  it("in the window: the Sampling tab, opened before its chunk is asked for, loads and shows", async () => {
    await renderApp();
    await act(async () => tabNamed("Sampling").click());
    expect(tabNamed("Sampling").getAttribute("aria-selected")).toBe("true");
    // Generous: the window's idle preload (every tab, the dialogs, the validators) may be importing beside it.
    expect((await screen.findByText("No sampling request is waiting.", undefined, { timeout: 15_000 })).closest('[role="tabpanel"]')).toBeTruthy();
  });
});
