// Issue 14: the CLI's way to open an authorization page: print it, try the platform opener, never fail on it.
import { describe, expect, it } from "vitest";
import { platformOpener, terminalAuthorizationOpener } from "../../main/core/auth/terminalOpener.js";

describe("opening an authorization page from a terminal", () => {
  it("prints the URL and starts the platform's opener (xdg-open, open, cmd start)", async () => {
    const lines: string[] = [];
    const runs: [string, string[]][] = [];
    const open = terminalAuthorizationOpener({ write: (l) => lines.push(l), platform: "linux", run: async (c, a) => void runs.push([c, a]) });
    await open("https://as.example.com/authorize?a=1&b=2");
    expect(lines.join("\n")).toContain("https://as.example.com/authorize?a=1&b=2");
    expect(runs).toEqual([["xdg-open", ["https://as.example.com/authorize?a=1&b=2"]]]);
    expect(platformOpener("darwin", "https://x/")).toEqual({ command: "open", args: ["https://x/"] });
    expect(platformOpener("win32", "https://x/?a=1&b=2")).toEqual({ command: "cmd", args: ["/c", "start", '""', "https://x/?a=1^&b=2"] });
  });

  it("an opener that cannot start is reported, not thrown: the printed URL still works", async () => {
    const lines: string[] = [];
    const open = terminalAuthorizationOpener({ write: (l) => lines.push(l), platform: "linux", run: async () => Promise.reject(new Error("spawn xdg-open ENOENT")) });
    await expect(open("https://as.example.com/authorize")).resolves.toBeUndefined();
    expect(lines.at(-1)).toMatch(/Could not start xdg-open: spawn xdg-open ENOENT/);
  });

  it("refuses anything but an http(s) page", async () => {
    const open = terminalAuthorizationOpener({ write: () => {}, run: async () => {} });
    await expect(open("file:///etc/passwd")).rejects.toThrow(/not an http\(s\) URL/);
  });
});
