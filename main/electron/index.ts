// Electron entry (out/main/index.js). Everything it does is in app.ts and the modules it wires.
import { startDesktopApp } from "./app.js";

void startDesktopApp({ devServerUrl: process.env.ELECTRON_RENDERER_URL }).catch((error: unknown) => {
  console.error("MCP Task Inspector could not start:", error);
  process.exit(1);
});
