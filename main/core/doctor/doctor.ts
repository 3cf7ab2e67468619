// The connection doctor: one server entry, diagnosed step by step on connections of its own (never the
// user's session), each step bounded. The CLI's `doctor` and the app's Diagnose both call diagnose().
import { performance } from "node:perf_hooks";
import type { DoctorReport, DoctorStep } from "../../../shared/doctor.js";
import type { ServerConfig } from "../../../shared/types.js";
import { diagnoseAuth, type HeldToken } from "./auth.js";
import { diagnoseHttp } from "./http.js";
import { diagnoseStdio } from "./stdio.js";
import { StepLog } from "./steps.js";

export interface DoctorOptions {
  /** How long each step may wait for the server (the opening answer, one HTTP exchange). */
  timeoutMs?: number;
  /** How long server/discover is given on stdio before initialize (Auto). */
  probeMs?: number;
  maxLineBytes?: number;
  maxHeaderBytes?: number;
  maxBodyBytes?: number;
  maxRedirects?: number;
  platform?: NodeJS.Platform;
  env?: Record<string, string | undefined>;
  now?: () => number;
  /** The token kept for this server, without its value. */
  heldToken?: () => Promise<HeldToken | undefined>;
  /** Each step as it ends (progress in the CLI and the app). */
  onStep?: (step: DoctorStep) => void;
}

export const DOCTOR_DEFAULTS = {
  timeoutMs: 10_000,
  probeMs: 2_000,
  maxLineBytes: 4 * 1024 * 1024,
  maxHeaderBytes: 64 * 1024,
  maxBodyBytes: 1024 * 1024,
  maxRedirects: 5,
} as const;

const CLIENT_INFO = { name: "mcp-task-inspector-doctor", version: "1.0.0" };

export async function diagnose(config: ServerConfig, options: DoctorOptions = {}): Promise<DoctorReport> {
  const now = options.now ?? (() => performance.now());
  const log = new StepLog(now, options.onStep);
  const timeoutMs = options.timeoutMs ?? DOCTOR_DEFAULTS.timeoutMs;
  const transport = config.transport;
  if (transport.type === "stdio") {
    await diagnoseStdio(
      { command: transport.command, args: transport.args, env: transport.env, ...(transport.cwd ? { cwd: transport.cwd } : {}), era: config.era },
      { timeoutMs, probeMs: Math.min(options.probeMs ?? DOCTOR_DEFAULTS.probeMs, timeoutMs), maxLineBytes: options.maxLineBytes ?? DOCTOR_DEFAULTS.maxLineBytes, platform: options.platform ?? process.platform, now, clientInfo: CLIENT_INFO },
      log,
    );
    return log.report([transport.command, ...transport.args].join(" ").slice(0, 2000), "stdio");
  }
  const bounds = { timeoutMs, maxBodyBytes: options.maxBodyBytes ?? DOCTOR_DEFAULTS.maxBodyBytes, maxHeaderBytes: options.maxHeaderBytes ?? DOCTOR_DEFAULTS.maxHeaderBytes };
  const unauthorized = await diagnoseHttp(
    { url: transport.url, transport: transport.type, headers: transport.headers, era: config.era },
    { timeoutMs, maxRedirects: options.maxRedirects ?? DOCTOR_DEFAULTS.maxRedirects, maxHeaderBytes: bounds.maxHeaderBytes, maxBodyBytes: bounds.maxBodyBytes, env: options.env ?? process.env, now, clientInfo: CLIENT_INFO },
    log,
  );
  const reachedPost = log.steps.some((s) => s.id === "http.post" && s.status === "passed");
  if (transport.type === "streamableHttp" && reachedPost) await diagnoseAuth(unauthorized, { bounds, ...(config.oauth ? { oauth: config.oauth } : {}), ...(options.heldToken ? { heldToken: options.heldToken } : {}), now: Date.now }, log);
  return log.report(transport.url.slice(0, 2000), transport.type);
}
