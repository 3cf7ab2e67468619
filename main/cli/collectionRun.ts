// `mcp-task-inspector run <collection.json> --server … [--json] [--junit <file>] [--update-snapshots]`: a
// collection of saved calls run against a server through the core, as the app runs them. Exit 0 every
// assertion held, 1 one failed, 2 the collection or the server could not be used.
import { SERVER_OPTIONS } from "./serverOptions.js";
import { writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { InspectorCore } from "../core/inspectorCore.js";
import { JsonFileStorage } from "../core/storage.js";
import { CollectionError, readCollectionFile, saveCollectionFile } from "../core/collections/collectionFile.js";
import { runCollection } from "../core/collections/runner.js";
import { collectionJunit } from "../core/collections/junit.js";
import { Recorder } from "../core/recordings/recorder.js";
import { defaultConfigDir } from "../web/configDir.js";
import { everythingDemoServer, resolveEverythingEntry } from "../web/builtInServers.js";
import type { CallResult, Collection, CollectionRun } from "../../shared/collection.js";
import { parseCli, UsageError } from "./args.js";
import { printable } from "./human.js";
import { stableJson, type CliIo } from "./io.js";
import { chooseServer, readServersFile } from "./servers.js";
import { doctorHint } from "./shellWords.js";

export const RUN_USAGE = `Usage: mcp-task-inspector run <collection.json> --server <name|command|url> [--json] [--junit <file>] [--update-snapshots]

Runs a collection of saved calls (see docs/collections.md) against the server: each call in order, its
variables filled in, the server's questions answered from the call's saved answers, its assertions judged.
--update-snapshots accepts every snapshot the run took and writes them into the collection file.
--record <file> writes the run's recording (.mcprec).
--servers-file, --config-dir, --era, --transport, --header and --timeout work as for the other commands.
Exit codes: 0 every assertion held; 1 an assertion failed (or a call could not be judged); 2 the
collection or the server could not be used.`;

const flag = (name: string, value: string | undefined) => (value === undefined ? [] : [name, value]);

export async function runCollectionCommand(argv: string[], io: CliIo): Promise<number> {
  const json = argv.includes("--json");
  const fail = (message: string) => {
    io.stderr.write(`mcp-task-inspector run: ${printable(message)}\n`);
    if (json) io.stdout.write(`${stableJson({ error: { message } })}\n`);
    return 2;
  };
  let values;
  let file: string;
  try {
    const parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: {
        ...SERVER_OPTIONS,
        junit: { type: "string" },
        "update-snapshots": { type: "boolean" },
        record: { type: "string" },
      },
    });
    values = parsed.values;
    if (values.help) {
      io.stdout.write(`${RUN_USAGE}\n`);
      return 0;
    }
    if (parsed.positionals.length !== 1) return fail(`run needs one collection file (run <collection.json> --server …), not ${parsed.positionals.length}`);
    file = parsed.positionals[0]!;
  } catch (error) {
    return fail((error as Error).message.split(". To specify")[0]!);
  }
  if (values.server === undefined) return fail("run needs --server <name|command|url>");

  let collection: Collection;
  try {
    collection = readCollectionFile(file);
  } catch (error) {
    if (error instanceof CollectionError) return fail(error.message);
    throw error;
  }

  const say = (line: string) => values.quiet || io.stderr.write(`${printable(line)}\n`);
  const everything = resolveEverythingEntry();
  let shared;
  try {
    shared = parseCli(["ping", "--server", values.server, ...flag("--era", values.era), ...flag("--transport", values.transport), ...flag("--timeout", values.timeout), ...(values.header as string[]).flatMap((h) => ["--header", h])]);
  } catch (error) {
    if (error instanceof UsageError) return fail(error.message);
    throw error;
  }
  const core = new InspectorCore({
    storage: new JsonFileStorage(values["config-dir"] ?? defaultConfigDir()),
    builtInServers: everything ? [everythingDemoServer(everything)] : [],
    ...(shared.timeoutMs ? { settings: { requestTimeoutMs: shared.timeoutMs } } : {}),
  });
  let run: CollectionRun;
  let finishRecording: (() => void) | undefined;
  try {
    await core.ready;
    const saved = await core.dispatch("listServers", {});
    const fromFile = values["servers-file"] ? readServersFile(values["servers-file"]) : [];
    const choice = chooseServer(values.server, saved, fromFile, { ...(shared.transport ? { transport: shared.transport } : {}), ...(shared.era ? { era: shared.era } : {}), headers: shared.headers, roots: [] });
    if (values.record) {
      const recorder = new Recorder({ server: choice.config });
      const stop = core.subscribe((event) => recorder.onEvent(event));
      finishRecording = () => {
        stop();
        recorder.writeTo(values.record!);
        say(`Recording written to ${values.record} (${recorder.lineCount} lines)`);
      };
    }
    say(`Connecting to ${choice.config.name}…`);
    let sessionId: string;
    try {
      sessionId = (await core.dispatch("connect", { server: choice.config, ...(choice.serverId ? { serverId: choice.serverId } : {}) })).sessionId;
    } catch (error) {
      const code = fail(`could not connect: ${(error as Error).message}`);
      io.stderr.write(`${doctorHint(values.server, { ...shared, serversFile: values["servers-file"], configDir: values["config-dir"] })}\n`);
      return code;
    }
    run = await runCollection(core, sessionId, collection, choice.config.name, { acceptSnapshots: values["update-snapshots"] === true, onCall: (result) => say(line(result)) });
  } catch (error) {
    if (error instanceof UsageError) return fail(error.message);
    throw error;
  } finally {
    await core.shutdown({ graceMs: 500 }).catch(() => {});
    try {
      finishRecording?.();
    } catch (error) {
      io.stderr.write(`mcp-task-inspector run: could not write the recording: ${printable((error as Error).message)}\n`);
    }
  }

  if (values["update-snapshots"]) {
    const byName = new Map(run.calls.filter((c) => c.snapshot !== undefined).map((c) => [c.name, c.snapshot]));
    const updated = { ...collection, calls: collection.calls.map((c) => (byName.has(c.name) ? { ...c, snapshot: byName.get(c.name) } : c)) };
    try {
      saveCollectionFile(file, updated);
      say(`Snapshots accepted and written to ${file} (${byName.size})`);
    } catch (error) {
      return fail((error as Error).message);
    }
  }
  if (values.junit) writeFileSync(values.junit, collectionJunit(run));
  if (json) io.stdout.write(`${stableJson(run)}\n`);
  else io.stdout.write(human(run));
  return run.failed ? 1 : 0;
}

function line(call: CallResult): string {
  return `${call.ok ? "pass" : "FAIL"} ${call.name} (${call.durationMs} ms)`;
}

function human(run: CollectionRun): string {
  const lines = [`${run.collection} against ${run.server}`];
  for (const call of run.calls) {
    lines.push(`${call.ok ? "pass" : "FAIL"}  ${call.name} (${call.kind}, ${call.durationMs} ms)`);
    if (call.error) lines.push(`      error: ${call.error}`);
    for (const a of call.assertions) lines.push(`      ${a.ok ? "held  " : "FAILED"} ${a.assertion}: ${a.detail}`);
  }
  lines.push(`${run.passed} passed, ${run.failed} failed`);
  return `${printable(lines.join("\n"))}\n`;
}
