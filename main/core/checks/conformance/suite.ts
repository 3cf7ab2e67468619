// `check --conformance`: the official conformance suite (@modelcontextprotocol/conformance) run on the
// server under check, its verdicts merged into our report under the suite's own ids: one verdict per check
// of each scenario, `conformance:<scenario>/<check id>`. The suite speaks Streamable HTTP only: an HTTP
// server is tested at its URL, a stdio server through our loopback bridge (bridge.ts).
//
// The suite is an optional dependency of the check (a devDependency of the inspector): when it is not
// installed, or no Node 22 is there to run it, the report says so in one "not run" verdict.
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { TransportConfig } from "../../../../shared/types.js";
import { MAX_DETAIL, plural, type Verdict } from "../check.js";
import type { CheckReport } from "../runner.js";
import { startStdioBridge, type StdioBridge } from "./bridge.js";
import { readExpectedFailures } from "../../../../shared/checks.js";

export { readExpectedFailures };

export const CONFORMANCE_PACKAGE = "@modelcontextprotocol/conformance";
/** The suite's own dependency floor. */
export const CONFORMANCE_MIN_NODE = 22;
export const INSTALL_HINT = `npm install --save-dev ${CONFORMANCE_PACKAGE}@0.2.0-alpha.12 (it needs Node ${CONFORMANCE_MIN_NODE} or newer)`;

/** Scenarios about the HTTP transport itself: over stdio they would judge our bridge, not the server. */
export const HTTP_TRANSPORT_SCENARIOS = [
  "server-session-lifecycle",
  "server-stateless",
  "server-sse-polling",
  "server-sse-multiple-streams",
  "dns-rebinding-protection",
  "http-header-validation",
  "http-custom-header-server-validation",
];

export interface ConformanceOptions {
  /** The server's transport, as the session was opened. */
  transport: TransportConfig;
  /** The era checked: the suite's --spec-version. */
  era: string;
  /** A YAML file of scenarios known to fail (`server:` list, a reason after `#`), as the client side's. */
  expectedFailures?: string;
  /** The same list as text (the Checks tab, where it is typed or pasted rather than read from a file). */
  expectedFailuresText?: string;
  /** Where to look for the suite (default: beside the inspector, then the working directory). */
  searchFrom?: string[];
  /** The Node that runs the suite (default: this one if new enough, else the `node` package's). */
  nodePath?: string;
  /** One scenario's time limit. */
  timeoutMs?: number;
  /** When the run's time budget ends (epoch ms): the suite is stopped then, its unfinished scenarios not run. */
  deadline?: number;
  onProgress?: (line: string) => void;
}

export interface SuiteCheck {
  id: string;
  name?: string;
  description?: string;
  status: string;
  errorMessage?: string;
  specReferences?: Array<{ id?: string; url?: string }>;
  /** What the suite saw (the server's answers, its own findings): the verdict's evidence. */
  details?: unknown;
}

/** The most of the suite's verdicts a report keeps (it crosses the contract with at most 1,000, ours included). */
export const MAX_SUITE_VERDICTS = 800;

/** The most characters of a suite check's details a verdict keeps as its evidence. */
export const MAX_SUITE_EVIDENCE = 4000;

const base = { area: "conformance" as Verdict["area"], severity: "error" as const, messages: [] as number[] };
const clip = (text: string, max = MAX_DETAIL) => (text.length > max ? `${text.slice(0, max)}…` : text);

function notRun(id: string, title: string, detail: string): Verdict {
  return { ...base, id, title, rule: `${CONFORMANCE_PACKAGE} server scenarios`, ok: null, detail: clip(detail) };
}

/** The one verdict that says the time budget stopped the suite (mergeConformance makes the report incomplete). */
const SUITE_BUDGET = "not run: budget";
const SUITE_TITLE = "The official conformance suite ran";

/** The suite's entry script, or undefined when it is not installed where we look. */
export function findConformanceSuite(searchFrom: string[]): string | undefined {
  for (const from of searchFrom) {
    try {
      const manifest = createRequire(join(from, "noop.js")).resolve(`${CONFORMANCE_PACKAGE}/package.json`);
      const entry = join(dirname(manifest), "dist", "index.js");
      if (existsSync(entry)) return entry;
    } catch {
      // not installed from here
    }
  }
  return undefined;
}

/** A Node new enough for the suite: this one, else the `node` package's binary (the project pins one). */
export function findSuiteNode(searchFrom: string[]): string | undefined {
  if (Number(process.versions.node.split(".")[0]) >= CONFORMANCE_MIN_NODE) return process.execPath;
  for (const from of searchFrom) {
    try {
      const dir = dirname(createRequire(join(from, "noop.js")).resolve("node/package.json"));
      const binary = join(dir, "bin", process.platform === "win32" ? "node.exe" : "node");
      if (existsSync(binary)) return binary;
    } catch {
      // not installed from here
    }
  }
  return undefined;
}

/**
 * The suite's checks of one scenario as verdicts. SUCCESS passes, FAILURE fails (an error), WARNING fails as
 * a warning, SKIPPED and INFO are skipped. A scenario listed as an expected failure keeps its failures, as
 * warnings that say so; listed and passing, it fails: the list is out of date.
 */
export function scenarioVerdicts(scenario: string, checks: SuiteCheck[], expected: Map<string, string>): Verdict[] {
  const reason = expected.get(scenario);
  const verdicts = checks.map((c): Verdict => {
    const refs = (c.specReferences ?? []).map((r) => [r.id, r.url].filter(Boolean).join(" ")).join("; ");
    const v: Verdict = {
      ...base,
      id: clip(`conformance:${scenario}/${c.id}`, 100),
      title: clip(c.description || c.name || c.id, 500),
      rule: clip(`${CONFORMANCE_PACKAGE} scenario ${scenario}, check ${c.id}${refs ? ` (${refs})` : ""}`, 2000),
      ok: c.status === "SUCCESS" ? true : c.status === "FAILURE" || c.status === "WARNING" ? false : null,
      detail: clip(c.errorMessage ? c.errorMessage : c.status === "SUCCESS" ? "passed" : c.status.toLowerCase()),
      ...(c.details !== undefined ? { evidence: evidenceText(c.details) } : {}),
    };
    if (c.status === "WARNING") v.severity = "warning";
    if (v.ok === false && reason !== undefined) {
      v.severity = "warning";
      v.detail = clip(`expected failure${reason ? ` (${reason})` : ""}: ${v.detail}`);
    }
    return v;
  });
  if (reason !== undefined && !checks.some((c) => c.status === "FAILURE")) {
    verdicts.push({
      ...base,
      id: clip(`conformance:${scenario}/expected-failure`, 100),
      title: "A scenario listed as an expected failure fails",
      rule: "the expected-failures file lists only scenarios that fail",
      ok: false,
      detail: `${scenario} is listed as an expected failure but passed: remove it from the file`,
    });
  }
  return verdicts;
}

/** The suite's details as bounded JSON text (they quote the server: a hostile one may make them huge). */
function evidenceText(details: unknown): string {
  let text: string;
  try {
    text = JSON.stringify(details, null, 2) ?? String(details);
  } catch (error) {
    text = `(the suite's details cannot be shown: ${(error as Error).message})`;
  }
  return clip(text, MAX_SUITE_EVIDENCE);
}

function runSuite(node: string, args: string[], onLine: (line: string) => void, deadline?: number): Promise<{ code: number | null; output: string; outOfTime: boolean }> {
  return new Promise((resolve, reject) => {
    const child = spawn(node, args, { stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, NO_COLOR: "1" } });
    // The run's budget covers the suite too: stopped when it runs out, what it finished is kept.
    let outOfTime = false;
    const timer = deadline === undefined ? undefined : setTimeout(() => {
      outOfTime = true;
      child.kill();
    }, Math.max(0, deadline - Date.now()));
    let output = "";
    const take = (d: Buffer) => {
      const text = d.toString("utf8");
      output = (output + text).slice(-20_000);
      for (const line of text.split(/\r?\n/)) if (/^=== Running scenario: /.test(line)) onLine(line.replace(/^=== Running scenario: (.*) ===$/, "conformance: $1"));
    };
    child.stdout.on("data", take);
    child.stderr.on("data", take);
    child.on("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code, output, outOfTime });
    });
  });
}

/** The scenario's name from the suite's output folder name: `server-<scenario>-<ISO time>`. */
const scenarioOfDir = (dir: string) => /^server-(.+)-\d{4}-\d{2}-\d{2}T[\d-]+Z$/.exec(dir)?.[1];

/** Runs the suite's server scenarios for the report's era against the server, and answers its verdicts. */
export async function runConformance(options: ConformanceOptions): Promise<Verdict[]> {
  const searchFrom = options.searchFrom ?? [dirname(fileURLToPath(import.meta.url)), process.cwd()];
  const entry = findConformanceSuite(searchFrom);
  if (!entry) return [notRun("conformance:suite", SUITE_TITLE, `not run: the conformance suite is not installed (${INSTALL_HINT})`)];
  const node = options.nodePath ?? findSuiteNode(searchFrom);
  if (!node) return [notRun("conformance:suite", SUITE_TITLE, `not run: the conformance suite needs Node ${CONFORMANCE_MIN_NODE} or newer, and this is Node ${process.versions.node}`)];
  if (options.deadline !== undefined && Date.now() >= options.deadline) return [notRun("conformance:suite", SUITE_TITLE, `${SUITE_BUDGET} (the time budget ran out before the suite)`)];
  const t = options.transport;
  if (t.type === "sse") return [notRun("conformance:suite", SUITE_TITLE, "not run: the suite speaks Streamable HTTP, and this server speaks HTTP+SSE")];
  if (t.type === "stdio" && options.era === "2026-07-28") {
    return [notRun("conformance:suite", SUITE_TITLE, "not run: over stdio the suite is run through a session-per-process bridge, which has no 2026-07-28 (stateless) form")];
  }
  let expected = options.expectedFailuresText ? readExpectedFailures(options.expectedFailuresText) : new Map<string, string>();
  if (options.expectedFailures) {
    try {
      expected = readExpectedFailures(readFileSync(options.expectedFailures, "utf8"));
    } catch (error) {
      return [notRun("conformance:suite", SUITE_TITLE, `not run: cannot read the expected-failures file ${options.expectedFailures} (${(error as Error).message})`)];
    }
  }

  let bridge: StdioBridge | undefined;
  const outDir = mkdtempSync(join(tmpdir(), "mcp-conformance-"));
  try {
    if (t.type === "stdio") bridge = await startStdioBridge({ command: t.command, args: t.args, env: t.env, ...(t.cwd ? { cwd: t.cwd } : {}) });
    const url = t.type === "stdio" ? bridge!.url : t.url;
    const args = [entry, "server", "--url", url, "--spec-version", options.era, "-o", outDir, ...(options.timeoutMs ? ["--timeout", String(options.timeoutMs)] : [])];
    // HTTP headers the server needs (a bearer token) cannot be passed to the suite: it sends its own requests.
    const { code, output, outOfTime } = await runSuite(node, args, options.onProgress ?? (() => {}), options.deadline);
    const verdicts: Verdict[] = [];
    let finished = 0;
    const dirs = readdirSync(outDir).filter((d) => scenarioOfDir(d)).sort();
    for (const dir of dirs) {
      const scenario = scenarioOfDir(dir)!;
      if (bridge && HTTP_TRANSPORT_SCENARIOS.includes(scenario)) {
        verdicts.push(notRun(`conformance:${scenario}`, `Scenario ${scenario}`, "not run: it tests the HTTP transport, and this server speaks stdio (the suite reached it through the inspector's bridge)"));
        continue;
      }
      const file = join(dir, "checks.json");
      let checks: SuiteCheck[];
      try {
        checks = JSON.parse(readFileSync(join(outDir, file), "utf8")) as SuiteCheck[];
        if (!Array.isArray(checks)) throw new Error("not a list");
      } catch (error) {
        // The scenario the budget stopped is not run; any other without a result is the suite's failure.
        if (outOfTime) verdicts.push(notRun(`conformance:${scenario}`, `Scenario ${scenario}`, `${SUITE_BUDGET} (the time budget ran out during this scenario)`));
        else verdicts.push({ ...notRun(`conformance:${scenario}`, `Scenario ${scenario}`, `the suite wrote no readable result (${(error as Error).message})`), ok: false });
        continue;
      }
      verdicts.push(...scenarioVerdicts(scenario, checks, expected));
      finished++;
    }
    if (outOfTime) verdicts.push(notRun("conformance:suite", SUITE_TITLE, `${SUITE_BUDGET} (the time budget ran out during the suite: ${plural(finished, "scenario")} finished, the rest not run)`));
    else if (dirs.length === 0) {
      verdicts.push({
        ...notRun(
          "conformance:suite",
          SUITE_TITLE,
          `the suite ran no scenario (exit ${code}): ${output.slice(-1500)}${bridge?.stderrTail().length ? `\nthe server's stderr: ${bridge.stderrTail().join("\n").slice(-1500)}` : ""}`,
        ),
        ok: false,
      });
    }
    return verdicts;
  } finally {
    await bridge?.close();
    rmSync(outDir, { recursive: true, force: true });
  }
}

/** The report with the suite's verdicts added, its counts recomputed. */
export function mergeConformance(report: CheckReport, verdicts: Verdict[]): CheckReport {
  const checks = [...report.checks, ...verdicts];
  const stopped = verdicts.find((v) => v.id === "conformance:suite" && v.detail.startsWith(SUITE_BUDGET));
  return {
    ...report,
    ...(stopped && !report.budgetReached ? { budgetReached: stopped.detail.slice(SUITE_BUDGET.length + 2, -1) } : {}),
    checks,
    passed: checks.filter((c) => c.ok === true).length,
    failed: checks.filter((c) => c.ok === false).length,
    skipped: checks.filter((c) => c.ok === null).length,
  };
}
