// Issue 14: how a terminal program (the CLI) opens an authorization page: print it, so the user can
// open it by hand (over SSH, in a container), and try the platform's opener. For authorization servers
// that approve without a person (the conformance runner's, CI), `headless` follows the page itself.
import { spawn } from "node:child_process";
import { followAuthorizationHeadlessly } from "./headless.js";

export interface TerminalOpenerOptions {
  /** Where the URL is printed (stderr: stdout holds results). */
  write(line: string): void;
  /** Follow the page without a browser, for servers that approve at once. */
  headless?: boolean;
  platform?: NodeJS.Platform;
  /** Starts the opener; the default spawns it detached, and its failure is only reported. */
  run?(command: string, args: string[]): Promise<void>;
}

/** The platform's "open this URL in the browser" command. */
export function platformOpener(platform: NodeJS.Platform, url: string): { command: string; args: string[] } {
  if (platform === "darwin") return { command: "open", args: [url] };
  // `start` is a cmd built-in; its first quoted argument is a window title, hence the "".
  if (platform === "win32") return { command: "cmd", args: ["/c", "start", '""', url.replace(/&/g, "^&")] };
  return { command: "xdg-open", args: [url] };
}

function runDetached(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { detached: true, stdio: "ignore", shell: false });
    child.once("error", reject);
    child.once("spawn", () => {
      child.unref();
      resolve();
    });
  });
}

export function terminalAuthorizationOpener(options: TerminalOpenerOptions): (url: string) => Promise<void> {
  return async (url) => {
    if (!/^https?:\/\//i.test(url)) throw new Error("the authorization page is not an http(s) URL");
    if (options.headless) {
      options.write(`Authorizing without a browser: following ${url}`);
      await followAuthorizationHeadlessly(url);
      return;
    }
    options.write(`Open this page to authorize, then come back here:\n  ${url}`);
    const { command, args } = platformOpener(options.platform ?? process.platform, url);
    try {
      await (options.run ?? runDetached)(command, args);
    } catch (error) {
      options.write(`(Could not start ${command}: ${(error as Error).message}. Open the page by hand.)`);
    }
  };
}
