// The window's first frame as HTML, rendered at build time into index.html: the browser paints it while the
// scripts load, and the app's first commit replaces it (startApp.tsx). It is the app's own render with a store
// that has heard nothing from the core yet, which is what the first commit draws too.
import { StrictMode } from "react";
import { renderToString } from "react-dom/server";
import type { InspectorBridge } from "../../shared/contract.js";
import { App } from "./app/App.js";

/** A bridge that is never called: a server render runs no effects, and the first frame calls nothing. */
const silent = new Proxy({} as InspectorBridge, {
  get(_target, method) {
    return () => {
      throw new Error(`The first frame called the bridge (${String(method)}); it must only draw`);
    };
  },
});

export function renderFirstFrame(): string {
  return renderToString(
    <StrictMode>
      <App bridge={silent} />
    </StrictMode>,
  );
}

export { fitFirstFrameScript } from "./firstFrameFit.js";
