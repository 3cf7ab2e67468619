// The electronegativity gate (scripts/check-electronegativity.mjs): how it reads the tool's CSV and
// judges findings, and, with the real tool on a deliberately insecure fixture, that it fails.
import { spawnSync } from "node:child_process";
import { mkdir, mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";

interface Finding {
  check: string;
  severity: string;
  file: string;
  sample: string;
  location?: string;
  description?: string;
}
interface Review {
  file: string;
  line: number;
  checks: string;
  reason: string;
}
interface GateScript {
  parseCsv(text: string): string[][];
  readFindings(csv: string): Finding[];
  judge(findings: Finding[]): { failing: Finding[]; other: Finding[] };
  parseErrors(output: string): string[];
  reviewedInSource(sourceRoot: string, folders?: string[]): Review[];
  MIN_REASON_CHARS: number;
}

const scriptPath = fileURLToPath(new URL("../../scripts/check-electronegativity.mjs", import.meta.url));
let gate: GateScript;

beforeAll(async () => {
  // A plain .mjs script: imported by path, so the typecheck does not need declarations for it.
  const url = new URL("../../scripts/check-electronegativity.mjs", import.meta.url).href;
  gate = (await import(/* @vite-ignore */ url)) as GateScript;
});

const CSV = `issue, severity, confidence, filename, location, sample, description, url
CSP_GLOBAL_CHECK,"LOW","FIRM","renderer/index.html","5:0",N/A,"One or more CSP directives detected seems to be vulnerable",https://x
PRELOAD_JS_CHECK,"MEDIUM","FIRM","main/electron/window.ts","127:6","preload: preloadPath,","Review the use of preload scripts",https://x
NODE_INTEGRATION_JS_CHECK,"HIGH","FIRM","main/other.ts","3:2","nodeIntegration: true, // ""quoted"", with commas","Disable nodeIntegration
for untrusted origins",https://x
PRELOAD_JS_CHECK,"MEDIUM","FIRM","main/elsewhere.ts","9:6","preload: preloadPath,","Review the use of preload scripts",https://x
`;

describe("reading and judging the findings", () => {
  it("parses the tool's CSV, quoted commas, doubled quotes and newlines included", () => {
    const findings = gate.readFindings(CSV);
    expect(findings).toHaveLength(4);
    expect(findings[2]).toMatchObject({
      check: "NODE_INTEGRATION_JS_CHECK",
      severity: "HIGH",
      file: "main/other.ts",
      location: "3:2",
      sample: 'nodeIntegration: true, // "quoted", with commas',
      description: "Disable nodeIntegration\nfor untrusted origins",
    });
    expect(() => gate.readFindings("")).toThrow("no CSV header");
  });

  it("fails on every HIGH and MEDIUM finding and only notes LOW", () => {
    const { failing, other } = gate.judge(gate.readFindings(CSV));
    expect(failing.map((f) => `${f.check} ${f.file}`)).toEqual([
      "PRELOAD_JS_CHECK main/electron/window.ts",
      "NODE_INTEGRATION_JS_CHECK main/other.ts",
      "PRELOAD_JS_CHECK main/elsewhere.ts",
    ]);
    expect(other.map((f) => f.severity)).toEqual(["LOW"]);
  });

  it("every exception the project's own source marks with eng-disable names its check and says why", () => {
    const projectRoot = fileURLToPath(new URL("../..", import.meta.url));
    const reviewed = gate.reviewedInSource(projectRoot);
    expect(reviewed.length).toBeGreaterThan(0);
    for (const review of reviewed) {
      expect(review.checks, `${review.file}:${review.line}`).toMatch(/^[A-Z_]+_CHECK$/);
      expect(review.reason.length, `${review.file}:${review.line}`).toBeGreaterThanOrEqual(gate.MIN_REASON_CHARS);
    }
  });

  it("picks the files the tool could not parse out of its output", () => {
    expect(gate.parseErrors("ok\nError parsing /x/a.ts - Unexpected token (1:2)\nTolerable error parsing /x/b.ts - meh\n")).toEqual(["Error parsing /x/a.ts - Unexpected token (1:2)"]);
  });
});

describe("the real tool on an insecure fixture", () => {
  it("exits non-zero, names the findings, and reports a file it could not parse", async () => {
    const fixture = await mkdtemp(join(tmpdir(), "insecure-app-"));
    await mkdir(join(fixture, "main"));
    await mkdir(join(fixture, "renderer"));
    await writeFile(
      join(fixture, "main", "index.js"),
      `const { app, BrowserWindow } = require("electron");
app.whenReady().then(() => {
  const win = new BrowserWindow({ webPreferences: { nodeIntegration: true, contextIsolation: false } });
  win.loadURL("https://example.com"); // eng-disable HTTP_RESOURCES_JS_CHECK
});
`,
    );
    await writeFile(join(fixture, "main", "broken.ts"), "const = ;\n");
    await writeFile(join(fixture, "renderer", "index.html"), "<!doctype html><html><body></body></html>\n");

    const result = spawnSync(process.execPath, [scriptPath, "--root", fixture], { encoding: "utf8", timeout: 120_000 });
    expect(result.status).toBe(1);
    expect(result.stdout).toMatch(/FAILING +HIGH CONTEXT_ISOLATION_JS_CHECK main\/index\.js:3:/);
    expect(result.stdout).toMatch(/FAILING +MEDIUM SANDBOX_JS_CHECK main\/index\.js:3:/);
    expect(result.stdout).toMatch(/FAILING +MEDIUM PERMISSION_REQUEST_HANDLER_GLOBAL_CHECK/);
    expect(result.stdout).toMatch(/FAILING +HIGH LIMIT_NAVIGATION_GLOBAL_CHECK/);
    expect(result.stdout).toMatch(/FAILING +MEDIUM CSP_GLOBAL_CHECK/);
    expect(result.stdout).toContain("UNCHECKED Error parsing main/broken.ts");
    // An exception that does not say why it is safe fails the gate too.
    expect(result.stdout).toContain("FAILING   eng-disable without a reason at main/index.js:4");
    expect(result.stdout).toMatch(/Failed: \d+ HIGH\/MEDIUM finding\(s\), 1 file\(s\) the tool could not parse, 1 exception\(s\) without a reason\./);
  });
});
