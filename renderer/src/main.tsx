// Entry point: lets the browser paint the first frame index.html carries (scripts/firstFrame.ts), then
// starts the app. Started at once, the app's first render would hold that paint until it ended.
import "./styles/app.css";

/** Resolves after the next paint. A page out of sight (a background tab) gets no frames, and paints nothing. */
function afterNextPaint(): Promise<void> {
  if (document.visibilityState !== "visible") return Promise.resolve();
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}

const container = document.getElementById("root") as HTMLElement;
// Fetched and compiled while the first frame paints; drawn once it has.
const app = import("./startApp.js");
app.catch(() => {}); // a failed load is answered below, after the paint
await afterNextPaint();
try {
  (await app).startApp(container);
} catch (error) {
  // The app's code did not load (a file missing from an install, say): say so instead of a frame that never answers.
  const page = document.createElement("main");
  page.className = "fatal";
  page.setAttribute("role", "alert");
  const title = document.createElement("h1");
  title.textContent = "MCP Task Inspector cannot start";
  const detail = document.createElement("p");
  detail.textContent = error instanceof Error ? error.message : String(error);
  const remedy = document.createElement("p");
  remedy.textContent = "Its files may be missing or damaged: reinstall it (in a source checkout, run npm run build), then open it again.";
  page.append(title, detail, remedy);
  container.replaceChildren(page);
}
