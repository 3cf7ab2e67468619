// Shared by the renderer tests (imported first): happy-dom has no layout, so give elements a size
// the virtualiser can use, and unmount between tests.
import { cleanup } from "@testing-library/react";
import { afterEach } from "vitest";

for (const [prop, value] of [
  ["clientHeight", 600],
  ["clientWidth", 1000],
  ["offsetHeight", 600],
  ["offsetWidth", 1000],
] as const) {
  Object.defineProperty(HTMLElement.prototype, prop, { configurable: true, get: () => value });
}

afterEach(() => cleanup());
