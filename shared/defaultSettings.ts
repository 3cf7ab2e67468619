// The settings a fresh install starts with. Apart from types.ts (whose zod schemas carry the SDK's), so the
// page's Settings fields and their "Default: …" read these without putting zod in the first chunk.
// It imports nothing, not even the Settings type (that would be an import circle with types.ts, which
// re-exports it): types.ts checks that these defaults are a Settings.
export const DEFAULT_SETTINGS = {
  logLimit: 5000,
  // 256 KB keeps every ordinary message whole (a tools/list of hundreds of tools, a page of resources, a
  // usual tool result); 64 MB per session holds 256 entries at that cap, or 5,000 of 13 KB, so the
  // count rules ordinary traffic, and a few sessions flooded with 64 MB messages stay in a few hundred MB.
  logBudgetBytes: 64 * 1024 * 1024,
  logEntryMaxBytes: 256 * 1024,
  maxLiveReceiverTasks: 1000,
  maxReceiverTaskTtlMs: 60 * 60 * 1000,
  defaultReceiverTaskTtlMs: 10 * 60 * 1000,
  receiverTaskPollIntervalMs: 500,
  requestTimeoutMs: 60_000,
  notificationsEnabled: true,
  theme: "system" as "system" | "light" | "dark",
  eraProbeTimeoutMs: 2000,
  maxInputRounds: 10,
  maxRequestTotalMs: 10 * 60_000,
  // AP17: real single-file Apps bundle their libraries (the PDF App's View is 4.3 MB).
  maxViewBytes: 16 * 1024 * 1024,
  waitingRequestsIn: "dialog" as "dialog" | "panel",
};
