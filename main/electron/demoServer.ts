// The built-in "Everything (demo)" entry: the bundled server-everything over stdio, so a new user
// sees tasks, sampling and elicitation in one click.
import { join } from "node:path";
import type { SavedServer } from "../../shared/types.js";

export const DEMO_SERVER_ID = "everything-demo";

/**
 * `appPath` is app.getAppPath(): the project folder in development, `…/resources/app.asar` when
 * packaged. A child process cannot read inside an asar archive, so a packaged app runs the script
 * from `app.asar.unpacked` (electron-builder's asarUnpack must cover server-everything and its
 * dependencies). The command is `node` from PATH: packaged apps turn the RunAsNode fuse off, so
 * process.execPath cannot run scripts.
 */
export function everythingDemoServer(appPath: string): SavedServer {
  const root = appPath.endsWith(".asar") ? `${appPath}.unpacked` : appPath;
  const script = join(root, "node_modules", "@modelcontextprotocol", "server-everything", "dist", "index.js");
  return {
    id: DEMO_SERVER_ID,
    name: "Everything (demo)",
    builtIn: true,
    era: "auto",
    transport: { type: "stdio", command: "node", args: [script, "stdio"], env: {} },
    features: { sampling: true, elicitationForm: true, elicitationUrl: true, roots: true, receiverTasks: true },
  };
}
