// `mcp-task-inspector diff <a.mcprec> <b.mcprec> [--json]` (issue 22): what changed between two recordings
// of a server, surface and behaviour, each change classed breaking or not. Exit 0 when nothing breaking
// changed, 1 when something did, 2 on a usage or read error.
import { parseArgs } from "node:util";
import { readRecording, RecordingError } from "../core/recordings/reader.js";
import { diffRecordings, type Change, type DiffDocument } from "../core/recordings/diff.js";
import type { Recording } from "../core/recordings/format.js";
import { printable } from "./human.js";
import { stableJson, type CliIo } from "./run.js";

export const DIFF_USAGE = `Usage: mcp-task-inspector diff <a.mcprec> <b.mcprec> [--json]

Compares two recordings: the surface (tools, resources, templates, prompts, schemas, annotations,
capabilities, era) and the calls both made (results, errors, task status sequences, input requests).
Exit codes: 0 nothing breaking changed; 1 something breaking changed; 2 usage or read error.`;

export async function runDiff(argv: string[], io: CliIo): Promise<number> {
  const json = argv.includes("--json");
  const fail = (message: string) => {
    io.stderr.write(`mcp-task-inspector diff: ${message}\n`);
    if (json) io.stdout.write(`${stableJson({ error: { message } })}\n`);
    return 2;
  };
  let files: string[];
  try {
    const { values, positionals } = parseArgs({ args: argv, allowPositionals: true, strict: true, options: { json: { type: "boolean" }, help: { type: "boolean", short: "h" } } });
    if (values.help) {
      io.stdout.write(`${DIFF_USAGE}\n`);
      return 0;
    }
    if (positionals.length !== 2) return fail(`diff needs two recordings (diff <a.mcprec> <b.mcprec>), not ${positionals.length}`);
    files = positionals;
  } catch (error) {
    return fail((error as Error).message.split(". To specify")[0]!);
  }
  let recordings: Recording[];
  try {
    recordings = files.map((file) => readRecording(file));
  } catch (error) {
    if (!(error instanceof RecordingError)) throw error;
    return fail(error.message);
  }
  const document = diffRecordings(recordings[0]!, recordings[1]!);
  if (json) io.stdout.write(`${stableJson(document)}\n`);
  else io.stdout.write(human(document, files[0]!, files[1]!));
  return document.breaking > 0 ? 1 : 0;
}

function human(doc: DiffDocument, a: string, b: string): string {
  const describe = (s: DiffDocument["a"]) => [s.server?.name, s.server?.version].filter((x) => typeof x === "string").join(" ") + (s.protocolVersion ? ` (${s.protocolVersion})` : "");
  const lines = [`${a}: ${describe(doc.a)}`, `${b}: ${describe(doc.b)}`];
  const section = (title: string, changes: Change[]) => {
    if (!changes.length) return;
    lines.push("", title);
    for (const c of changes) lines.push(`  ${c.breaking ? "BREAKING" : "change  "}  ${c.subject} ${c.subject === "call" ? c.name : JSON.stringify(c.name)}: ${c.what}`);
  };
  section("Surface:", doc.changes.filter((c) => c.area === "surface"));
  section("Behaviour of calls both recordings made:", doc.changes.filter((c) => c.area === "behaviour"));
  lines.push("", doc.changes.length ? `${doc.breaking} breaking ${doc.breaking === 1 ? "change" : "changes"}, ${doc.other} other` : "No changes.");
  return `${printable(lines.join("\n").slice(0, 1_000_000))}\n`;
}
