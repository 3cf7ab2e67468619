// What the test suite may assume about the OS it runs on (issue 21: `npm test` on Linux, macOS and
// Windows). A test that needs one of these says so with `it.runIf(...)`, so the rest still runs.

/**
 * `child.kill("SIGINT" | "SIGTERM")` reaches the child's signal handler (what Ctrl+C and a clean stop
 * are tested with). On Windows there are no POSIX signals: Node ends the child at once.
 */
export const POSIX_SIGNALS = process.platform !== "win32";

/** A shell script with a `#!` line can stand in for an executable (Windows runs only .exe/.cmd). */
export const SHEBANG_EXECUTABLES = process.platform !== "win32";

/** util-linux `script -qec <command> /dev/null`: a real pseudo-terminal for a child (BSD script on macOS takes other arguments). */
export const UTIL_LINUX_SCRIPT = process.platform === "linux";

/** Process states are readable in /proc/<pid>/stat (a zombie shows as "Z"). */
export const PROC_FS = process.platform === "linux";

/**
 * The Chromium the e2e tests and the bench drive when CHROMIUM_PATH is not set: Debian's package on
 * Linux (.ci/run installs it), Google Chrome where it installs itself on macOS and Windows.
 */
export function defaultChromium(platform: NodeJS.Platform = process.platform): string {
  if (platform === "darwin") return "/Applications/Google Chrome.app/Contents/MacOS/Google Chrome";
  if (platform === "win32") return "C:\\Program Files\\Google\\Chrome\\Application\\chrome.exe";
  return "/usr/bin/chromium";
}
