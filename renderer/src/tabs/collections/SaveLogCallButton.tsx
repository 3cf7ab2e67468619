// "Save to collection" on a Logs row: an outgoing tools/call, prompts/get or resources/read becomes a saved
// call with the arguments it was sent with. Any other row gets nothing.
import type { LogEntry } from "../../../../shared/types.js";
import { SaveCallButton } from "./SaveCallButton.js";

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

export function SaveLogCallButton({ entry }: { entry: LogEntry }) {
  if (entry.direction !== "out" || !isObject(entry.payload) || !isObject(entry.payload.params)) return null;
  const params = entry.payload.params;
  const args = isObject(params.arguments) ? params.arguments : {};
  const what = `message ${entry.seq}`;
  if (entry.method === "tools/call" && typeof params.name === "string" && params.name) {
    return <SaveCallButton text="Save" what={what} callName={params.name} call={{ kind: "tool", target: params.name, arguments: args, ...(isObject(params.task) ? { asTask: true } : {}) }} />;
  }
  if (entry.method === "prompts/get" && typeof params.name === "string" && params.name) {
    return <SaveCallButton text="Save" what={what} callName={params.name} call={{ kind: "prompt", target: params.name, arguments: args }} />;
  }
  if (entry.method === "resources/read" && typeof params.uri === "string" && params.uri) {
    return <SaveCallButton text="Save" what={what} callName={params.uri.slice(0, 200)} call={{ kind: "resource", uri: params.uri }} />;
  }
  return null;
}
