// The desktop app's PATH from the user's login shell (main/electron/shellPath.ts), read from a real bash
// with a HOME of the test's own: what its startup files add is found, whatever they print around it; a
// shell that hangs or is missing leaves the app's PATH alone.
import { mkdtemp, mkdir, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loginShellPath, mergePath, wantsLoginShellPath } from "../../main/electron/shellPath.js";

async function homeWith(profile: string): Promise<string> {
  const home = await mkdtemp(join(tmpdir(), "inspector-shell-home-"));
  await mkdir(join(home, "tools", "bin"), { recursive: true });
  await writeFile(join(home, ".bash_profile"), profile);
  return home;
}

describe("loginShellPath", () => {
  it("reads the PATH bash's login files set up, leaving out what they print before and after it", async () => {
    const home = await homeWith('echo "Welcome to the machine"\nexport PATH="$HOME/tools/bin:$PATH"\ntrap \'echo bye\' EXIT\n');
    const path = await loginShellPath({ shell: "/bin/bash", platform: "linux", env: { HOME: home, PATH: "/usr/bin:/bin" } });
    // /etc/profile may set PATH afresh before the user's file adds to it, as it does on a real machine.
    expect(path?.split(":")[0]).toBe(`${home}/tools/bin`);
    expect(path?.split(":")).toContain("/usr/bin");
    expect(path).not.toMatch(/Welcome|bye|\n/);
  });

  it("a shell whose startup files never finish is given up on at its bound, as is one that is not there", async () => {
    const home = await homeWith("sleep 30\n");
    expect(await loginShellPath({ shell: "/bin/bash", platform: "linux", env: { HOME: home, PATH: "/usr/bin:/bin" }, timeoutMs: 300 })).toBeUndefined();
    expect(await loginShellPath({ shell: join(home, "no-such-shell"), platform: "linux", env: { HOME: home, PATH: "/usr/bin:/bin" } })).toBeUndefined();
  });

  it("a shell that exits before printing its PATH gives none", async () => {
    const home = await homeWith("exit 3\n");
    expect(await loginShellPath({ shell: "/bin/bash", platform: "linux", env: { HOME: home, PATH: "/usr/bin:/bin" } })).toBeUndefined();
  });

  it("on Windows, or with no shell known, nothing is asked", async () => {
    expect(await loginShellPath({ shell: "/bin/bash", platform: "win32", env: {} })).toBeUndefined();
    expect(await loginShellPath({ shell: undefined, platform: "darwin", env: {} })).toBeUndefined();
  });
});

describe("mergePath", () => {
  it("the shell's folders first, in its order, then the app's own it lacks; each once, no empty folder", () => {
    expect(mergePath("/opt/homebrew/bin:/usr/bin::/usr/bin", "/usr/bin:/bin:/usr/sbin:")).toBe("/opt/homebrew/bin:/usr/bin:/bin:/usr/sbin");
    expect(mergePath("/a", undefined)).toBe("/a");
  });
});

describe("wantsLoginShellPath", () => {
  it("asked when started from the Dock or a launcher; not from a terminal (its PATH is the user's, in its order), nor on Windows", () => {
    expect(wantsLoginShellPath("darwin", { PATH: "/usr/bin:/bin" }, false)).toBe(true);
    expect(wantsLoginShellPath("linux", { PATH: "/usr/bin:/bin" }, false)).toBe(true);
    expect(wantsLoginShellPath("darwin", { PATH: "/venv/bin:/usr/bin", TERM: "xterm-256color" }, false)).toBe(false);
    expect(wantsLoginShellPath("linux", { PATH: "/usr/bin" }, true)).toBe(false);
    expect(wantsLoginShellPath("win32", {}, false)).toBe(false);
  });
});
