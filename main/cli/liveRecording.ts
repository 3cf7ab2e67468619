// `diff <a.mcprec> --server <spec>` (issue 22): the live side recorded on the spot. One session to the
// server: its lists (tools, resources, templates, prompts) and the plain calls recording `a` made, asked
// again, every message recorded as --record would; the server's own requests are declined (nobody is
// there to answer them). The result is read back as a recording, so both sides are compared alike.
import { InspectorCore } from "../core/inspectorCore.js";
import { walkPages } from "../../shared/listWalk.js";
import { JsonFileStorage } from "../core/storage.js";
import { Recorder } from "../core/recordings/recorder.js";
import { parseRecording } from "../core/recordings/reader.js";
import { callsToRepeat } from "../core/recordings/diff.js";
import type { Recording } from "../core/recordings/format.js";
import { defaultConfigDir } from "../web/configDir.js";
import { everythingDemoServer, resolveEverythingEntry } from "../web/builtInServers.js";
import type { EraSetting } from "../../shared/types.js";
import { answerPendingInput, readAnswers } from "./answers.js";
import { chooseServer, readServersFile } from "./servers.js";

export interface LiveOptions {
  server: string;
  serversFile?: string;
  configDir?: string;
  era?: EraSetting;
  transport?: "streamableHttp" | "sse";
  headers: Record<string, string>;
  timeoutMs?: number;
  say(line: string): void;
}

const MAX_PAGES = 100;

export async function liveRecording(against: Recording, options: LiveOptions): Promise<Recording> {
  const everything = resolveEverythingEntry();
  const core = new InspectorCore({
    storage: new JsonFileStorage(options.configDir ?? defaultConfigDir()),
    builtInServers: everything ? [everythingDemoServer(everything)] : [],
    ...(options.timeoutMs ? { settings: { requestTimeoutMs: options.timeoutMs } } : {}),
  });
  const declineAll = readAnswers({ acceptDefaults: false });
  let recorder: Recorder | undefined;
  const unsubscribe = core.subscribe((event) => {
    recorder?.onEvent(event);
    if (event.type === "pendingInputAdded") void answerPendingInput(core, event.payload, declineAll, options.say).catch(() => {});
  });
  try {
    await core.ready;
    const saved = await core.dispatch("listServers", {});
    const fromFile = options.serversFile ? readServersFile(options.serversFile) : [];
    const choice = chooseServer(options.server, saved, fromFile, { ...(options.transport ? { transport: options.transport } : {}), ...(options.era ? { era: options.era } : {}), headers: options.headers, roots: [] });
    recorder = new Recorder({ server: choice.config });
    const info = await core.dispatch("connect", { server: choice.config, ...(choice.serverId ? { serverId: choice.serverId } : {}) });
    const sessionId = info.sessionId;
    const caps = info.serverCapabilities ?? {};
    const modern = info.era === "modern";
    // Every page of each list the server offers; a list it refuses is simply absent from the surface.
    // A repeated or endless cursor stops a list there (what its pages held is recorded), never a loop.
    const pages = async (list: (cursor?: string) => Promise<{ nextCursor?: string }>) => {
      await walkPages("list", (cursor) => list(cursor).catch(() => ({ nextCursor: undefined })), () => {}, MAX_PAGES);
    };
    if (modern || caps.tools) await pages((cursor) => core.dispatch("listTools", { sessionId, cursor }));
    if (modern || caps.resources) {
      await pages((cursor) => core.dispatch("listResources", { sessionId, cursor }));
      await pages((cursor) => core.dispatch("listResourceTemplates", { sessionId, cursor }));
    }
    if (modern || caps.prompts) await pages((cursor) => core.dispatch("listPrompts", { sessionId, cursor }));
    for (const { method, params } of callsToRepeat(against)) {
      const asked =
        method === "tools/call" && typeof params.name === "string"
          ? core.dispatch("callTool", { sessionId, name: params.name, arguments: (params.arguments as Record<string, unknown> | undefined) ?? {} })
          : method === "resources/read" && typeof params.uri === "string"
            ? core.dispatch("readResource", { sessionId, uri: params.uri })
            : method === "prompts/get" && typeof params.name === "string"
              ? core.dispatch("getPrompt", { sessionId, name: params.name, arguments: (params.arguments as Record<string, string> | undefined) ?? {} })
              : undefined;
      // The answer (or error) is in the recording; a refusal here is one more difference to report.
      await asked?.catch(() => {});
    }
  } finally {
    await core.shutdown({ graceMs: 500 }).catch(() => {});
    unsubscribe();
  }
  return parseRecording(recorder.text());
}
