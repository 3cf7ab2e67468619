// `npm run web`: build, then serve the inspector to a browser tab on 127.0.0.1 and print its URL.
// Arguments after `--` go to the server: `npm run web -- --port 6280`.
import { APP_MIN_NODE, nodeAtLeast } from "./launcher/electronRuntime.mjs";

if (!nodeAtLeast(process.versions.node, APP_MIN_NODE)) {
  console.error(`MCP Task Inspector needs Node ${APP_MIN_NODE} or newer; this is Node ${process.versions.node}.`);
  process.exit(1);
}
const { build } = await import("electron-vite");
await build({ logLevel: "warn" });
await import("../out/main/web.js");
