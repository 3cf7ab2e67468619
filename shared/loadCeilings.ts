// The engine's ceilings (main/core/checks/load.ts): a load cannot hurt the machine running it. Apart from
// load.ts's schemas so the page's Load pane reads them without loading zod.
export const LOAD_CEILINGS = { concurrency: 64, rate: 2_000, durationMs: 600_000 } as const;
