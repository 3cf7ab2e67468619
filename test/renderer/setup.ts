// Shared by the renderer tests (imported first): happy-dom has no layout, so give elements a size
// the virtualiser can use, and unmount between tests.
import { cleanup, configure } from "@testing-library/react";
import { afterEach } from "vitest";
import { preloadAllTabs } from "../../renderer/src/app/lazyTabs.js";

for (const [prop, value] of [
  ["clientHeight", 600],
  ["clientWidth", 1000],
  ["offsetHeight", 600],
  ["offsetWidth", 1000],
] as const) {
  Object.defineProperty(HTMLElement.prototype, prop, { configurable: true, get: () => value });
}

afterEach(() => cleanup());

// findBy… and waitFor give up after 1 s by default: on a machine busy with other work, a render that
// waits on a fake bridge's answer can take longer. They still resolve the moment the element appears.
configure({ asyncUtilTimeout: 15_000 });

// The tabs after the first are lazy chunks (issue 21). Loaded up front here, as the window does once it
// is idle, so a test may switch tabs and look at once; test/renderer/lazyTabs.test.tsx covers the wait.
await preloadAllTabs();
