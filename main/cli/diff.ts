// `mcp-task-inspector diff <a.mcprec> <b.mcprec> [--json]` (issue 22): what changed between two recordings
// of a server, surface and behaviour, each change classed breaking or not. Exit 0 when nothing breaking
// changed, 1 when something did, 2 on a usage or read error.
import { SERVER_OPTIONS } from "./serverOptions.js";
import { parseArgs } from "node:util";
import { readRecording, RecordingError } from "../core/recordings/reader.js";
import { diffRecordingFiles, diffRecordings, type Change, type DiffDocument } from "../core/recordings/diff.js";
import type { Recording } from "../core/recordings/format.js";
import { DIFF_BOUNDS } from "../core/recordings/diffCalls.js";
import { printable } from "./human.js";
import { stableJson, type CliIo } from "./io.js";
import { parseCli } from "./args.js";
import { liveRecording, type LiveOptions } from "./liveRecording.js";

const flag = (name: string, value: string | undefined) => (value === undefined ? [] : [name, value]);

export const DIFF_USAGE = `Usage: mcp-task-inspector diff <a.mcprec> <b.mcprec> [--json] [--ignore <json-path>]…
       mcp-task-inspector diff <a.mcprec> --server <name|command|url> [--json] [--ignore <json-path>]…

Compares two recordings: the surface (tools, resources, templates, prompts, schemas, annotations,
capabilities, era) and the calls both made (results, errors, task status sequences, input requests).
With --server, the second side is the live server: its lists, and the plain calls the recording made,
asked again (its own requests declined). --servers-file, --config-dir, --era, --transport, --header and
--timeout work as for the other commands. Values that differ on every run (times, UUIDs, ids, durations,
poll timing) are listed apart as "varies between runs", not as changes; --ignore leaves a path of every
call result out (e.g. structuredContent.generatedAt, content[*].text). A result that lost a field or
changed its type (structured content or JSON text) is breaking. Both files are streamed, in bounded
memory whatever their size: the first 1,000 differing calls are listed, the rest counted.
Exit codes: 0 nothing breaking changed; 1 something breaking changed; 2 usage or read error.`;

export async function runDiff(argv: string[], io: CliIo): Promise<number> {
  const json = argv.includes("--json");
  let quiet = false;
  const fail = (message: string) => {
    io.stderr.write(`mcp-task-inspector diff: ${message}\n`);
    if (json) io.stdout.write(`${stableJson({ error: { message } })}\n`);
    return 2;
  };
  let files: string[];
  let ignore: string[] = [];
  let live: Omit<LiveOptions, "say"> | undefined;
  try {
    const { values, positionals } = parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: {
        ...SERVER_OPTIONS,
        ignore: { type: "string", multiple: true, default: [] },
      },
    });
    if (values.help) {
      io.stdout.write(`${DIFF_USAGE}\n`);
      return 0;
    }
    const wanted = values.server === undefined ? 2 : 1;
    if (positionals.length !== wanted) return fail(wanted === 2 ? `diff needs two recordings (diff <a.mcprec> <b.mcprec>), not ${positionals.length}` : `diff --server needs one recording to compare with (diff <a.mcprec> --server …), not ${positionals.length}`);
    files = positionals;
    if (values.server !== undefined) {
      // The shared flags read as every other command reads them.
      const shared = parseCli(["ping", "--server", values.server, ...flag("--era", values.era), ...flag("--transport", values.transport), ...flag("--timeout", values.timeout), ...(values.header as string[]).flatMap((h) => ["--header", h])]);
      live = { server: values.server, headers: shared.headers, ...(values["servers-file"] ? { serversFile: values["servers-file"] } : {}), ...(values["config-dir"] ? { configDir: values["config-dir"] } : {}), ...(shared.era ? { era: shared.era } : {}), ...(shared.transport ? { transport: shared.transport } : {}), ...(shared.timeoutMs ? { timeoutMs: shared.timeoutMs } : {}) };
    }
    quiet = values.quiet === true;
    ignore = values.ignore as string[];
  } catch (error) {
    return fail((error as Error).message.split(". To specify")[0]!);
  }
  let document: DiffDocument;
  try {
    // Two files are streamed (bounded memory whatever their size); against a live server, the recording is read whole.
    if (!live) document = await diffRecordingFiles(files[0]!, files[1]!, { ignore });
    else {
      const recording = readRecording(files[0]!);
      if (!quiet) io.stderr.write(`Recording ${live.server} live…\n`);
      let other: Recording;
      try {
        other = await liveRecording(recording, { ...live, say: (line) => quiet || io.stderr.write(`${line}\n`) });
      } catch (error) {
        return fail(`the live server: ${(error as Error).message}`);
      }
      files.push(`${live.server} (live)`);
      document = diffRecordings(recording, other, { ignore });
    }
  } catch (error) {
    if (!(error instanceof RecordingError)) throw error;
    return fail(error.message);
  }
  // What the readers noticed is said, not only kept in the document.
  if (!quiet) for (const [side, list] of [[files[0]!, document.warnings?.a ?? []], [files[1]!, document.warnings?.b ?? []]] as const) for (const warning of list) io.stderr.write(`mcp-task-inspector diff: ${side}: ${printable(warning)}\n`);
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
  if (doc.varies?.length) {
    lines.push("", "Varies between runs (not a change):");
    for (const c of doc.varies) lines.push(`  varies    ${c.subject} ${c.name}: ${c.what}`);
  }
  const more = doc.unlisted;
  const counted = [more?.changes ? `${more.changes} more ${more.changes === 1 ? "change" : "changes"} (${more.breaking} breaking)` : "", more?.varies ? `${more.varies} more varying` : ""].filter(Boolean);
  if (counted.length) lines.push("", `…and ${counted.join(" and ")} in calls not listed: only the first ${DIFF_BOUNDS.listed.toLocaleString("en-US")} differing calls (within ${DIFF_BOUNDS.listedChars / (1024 * 1024)} MB of values) are listed`);
  if (more?.notCompared) lines.push("", `${more.notCompared} calls of ${a} past its first ${DIFF_BOUNDS.calls.toLocaleString("en-US")} distinct ones were not compared`);
  lines.push("", doc.changes.length || more?.changes ? `${doc.breaking} breaking ${doc.breaking === 1 ? "change" : "changes"}, ${doc.other} other` : "No changes.");
  return `${printable(lines.join("\n").slice(0, 1_000_000))}\n`;
}
