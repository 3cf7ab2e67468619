// The recording format (.mcprec, issue 22): JSON Lines, a header then one line per wire message or stderr
// line, in wire order. The JSON Schema in shared/recording.schema.json is the one source of its shape;
// these types mirror it, and every line written or read is checked against it.
import { Ajv, type ValidateFunction } from "ajv";
import schema from "../../../shared/recording.schema.json";
import type { Cut } from "../../../shared/byteBudget.js";

export const FORMAT_VERSION = 1;
/** The file extension a recording is saved under. */
export const RECORDING_EXTENSION = ".mcprec";

export type RecordedTransport = "stdio" | "streamableHttp" | "sse";

export interface RecordingHeader {
  mcprec: typeof FORMAT_VERSION;
  inspector: { name: string; version: string };
  recordedAt: string;
  era?: "legacy" | "modern";
  protocolVersion?: string;
  /** How the server was reached: names of env and headers only, never their values. */
  server: { name: string; transport: RecordedTransport; command?: string; args?: string[]; envNames?: string[]; url?: string; headerNames?: string[] };
  serverInfo?: Record<string, unknown>;
  serverCapabilities?: Record<string, unknown>;
  clientCapabilities?: Record<string, unknown>;
  limits: { messageBytes: number };
  incomplete?: { droppedLines: number; reason: string };
}

/** One message on the wire. `out`: client → server; `in`: server → client. */
export interface RecordedMessage {
  t: number;
  dir: "in" | "out";
  msg?: unknown;
  note?: string;
  preview?: string;
  remark?: string;
  cut?: Cut;
}

export interface RecordedStderr {
  t: number;
  stderr: string;
}

export type RecordingLine = RecordedMessage | RecordedStderr;

export interface Recording {
  header: RecordingHeader;
  lines: RecordingLine[];
  /** What a reader noticed that does not stop it (a server request to a client that never offered the capability). */
  warnings: string[];
}

export function isMessageLine(line: RecordingLine): line is RecordedMessage {
  return "dir" in line;
}

let validators: { header: ValidateFunction; line: ValidateFunction } | undefined;

/** The compiled schema (once per process): header and line validators. */
export function recordingValidators(): { header: ValidateFunction; line: ValidateFunction } {
  if (!validators) {
    // Our own schema: no server-supplied patterns here, so plain Ajv is safe.
    const ajv = new Ajv({ strict: false, allErrors: false });
    ajv.addSchema(schema);
    const id = (schema as { $id: string }).$id;
    validators = { header: ajv.getSchema(`${id}#/definitions/header`)!, line: ajv.getSchema(`${id}#/definitions/line`)! };
  }
  return validators;
}

/** Ajv's first complaint in one short line. */
export function schemaComplaint(validate: ValidateFunction): string {
  const error = validate.errors?.[0];
  if (!error) return "does not match the recording schema";
  const where = error.instancePath ? `${error.instancePath} ` : "";
  return `${where}${error.message ?? "is not valid"}`.slice(0, 300);
}
