// The options every command that reaches a server takes, as node:util parseArgs reads them: one list, so
// `diff --server`, `doctor` and `run <collection>` accept exactly what the main commands accept.
export const SERVER_OPTIONS = {
  json: { type: "boolean" },
  help: { type: "boolean", short: "h" },
  quiet: { type: "boolean", short: "q" },
  server: { type: "string", short: "s" },
  "servers-file": { type: "string" },
  "config-dir": { type: "string" },
  era: { type: "string" },
  transport: { type: "string" },
  header: { type: "string", multiple: true, default: [] as string[] },
  timeout: { type: "string" },
} as const;
