// `mcp-task-inspector doctor --server … [--json]`: the connection doctor (main/core/doctor/) on one server
// entry. Each step on stderr as it ends (unless --quiet); the report on stdout (lines, or one JSON document).
// Exit 0 every step passed or was skipped, 1 a step failed, 2 usage.
import { SERVER_OPTIONS } from "./serverOptions.js";
import { parseArgs } from "node:util";
import { InspectorCore } from "../core/inspectorCore.js";
import { JsonFileStorage } from "../core/storage.js";
import { defaultConfigDir } from "../web/configDir.js";
import { everythingDemoServer, resolveEverythingEntry } from "../web/builtInServers.js";
import type { DoctorReport, DoctorStep } from "../../shared/doctor.js";
import { doctorMark, doctorReportText } from "../../shared/doctorText.js";
import { parseCli, UsageError } from "./args.js";
import { printable } from "./human.js";
import { stableJson, type CliIo } from "./io.js";
import { chooseServer, readServersFile } from "./servers.js";

export const DOCTOR_USAGE = `Usage: mcp-task-inspector doctor --server <name|command|url> [--json]

Diagnoses why a server does or does not connect, step by step, on connections of its own: for stdio the
command, the process, stdout, the opening answer, the era and the capabilities; for HTTP the URL, proxies,
DNS, TCP, TLS, the POST, content type, session, Origin and the era probe; then authorization (the 401, the
protected resource and authorization server metadata, PKCE, registration, the token held, DPoP).
--servers-file, --config-dir, --era, --transport, --header, --client-id and --timeout (each step's bound,
default 10000 ms) work as for the other commands.
Exit codes: 0 no step failed; 1 a step failed; 2 usage.`;

const flag = (name: string, value: string | undefined) => (value === undefined ? [] : [name, value]);

export async function runDoctor(argv: string[], io: CliIo): Promise<number> {
  const json = argv.includes("--json");
  const fail = (message: string) => {
    io.stderr.write(`mcp-task-inspector doctor: ${message}\n`);
    if (json) io.stdout.write(`${stableJson({ error: { message } })}\n`);
    return 2;
  };
  let values;
  try {
    const parsed = parseArgs({
      args: argv,
      allowPositionals: false,
      strict: true,
      options: {
        ...SERVER_OPTIONS,
        "client-id": { type: "string" },
      },
    });
    values = parsed.values;
  } catch (error) {
    return fail((error as Error).message.split(". To specify")[0]!);
  }
  if (values.help) {
    io.stdout.write(`${DOCTOR_USAGE}\n`);
    return 0;
  }
  if (values.server === undefined) return fail("doctor needs --server <name|command|url>");

  const everything = resolveEverythingEntry();
  const core = new InspectorCore({ storage: new JsonFileStorage(values["config-dir"] ?? defaultConfigDir()), builtInServers: everything ? [everythingDemoServer(everything)] : [] });
  let report: DoctorReport;
  try {
    // The shared flags read as every other command reads them.
    const shared = parseCli(["ping", "--server", values.server, ...flag("--era", values.era), ...flag("--transport", values.transport), ...flag("--timeout", values.timeout), ...flag("--client-id", values["client-id"]), ...(values.header as string[]).flatMap((h) => ["--header", h])]);
    await core.ready;
    const saved = await core.dispatch("listServers", {});
    const fromFile = values["servers-file"] ? readServersFile(values["servers-file"]) : [];
    const choice = chooseServer(values.server, saved, fromFile, { ...(shared.transport ? { transport: shared.transport } : {}), ...(shared.era ? { era: shared.era } : {}), headers: shared.headers, roots: [], oauth: shared.oauth });
    const say = (step: DoctorStep) => values.quiet || io.stderr.write(`${doctorMark(step)} ${step.id}\n`);
    report = await core.diagnose(choice.config, { ...(shared.timeoutMs ? { timeoutMs: shared.timeoutMs } : {}), onStep: say });
  } catch (error) {
    if (error instanceof UsageError) return fail(error.message);
    throw error;
  } finally {
    await core.shutdown({ graceMs: 200 }).catch(() => {});
  }
  if (json) io.stdout.write(`${stableJson(report)}\n`);
  else io.stdout.write(printable(doctorReportText(report)));
  return report.failed ? 1 : 0;
}
