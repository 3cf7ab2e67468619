// Every temporary file and folder a test run makes (the tests' own, the CLI's and the servers' they start,
// Chromium's profiles) goes under one folder for the run, removed when the run ends: a run must not leave
// hundreds of folders in the machine's /tmp behind it.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export default function setup(): () => void {
  const root = mkdtempSync(join(tmpdir(), "mcp-task-inspector-tests-"));
  // os.tmpdir() reads these on every call, in this process and in the workers and children it starts.
  for (const name of ["TMPDIR", "TMP", "TEMP"]) process.env[name] = root;
  return () => rmSync(root, { recursive: true, force: true, maxRetries: 3 });
}
