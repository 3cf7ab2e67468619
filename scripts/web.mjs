// `npm run web`: build, then serve the inspector to a browser tab on 127.0.0.1 and print its URL.
// Arguments after `--` go to the server: `npm run web -- --port 6280`.
import { build } from "electron-vite";

await build({ logLevel: "warn" });
await import("../out/main/web.js");
