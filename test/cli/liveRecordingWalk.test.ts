// `diff <a.mcprec> --server …` records the live server's lists on the spot: a server that hands out the
// same tools/list cursor again is recorded up to the repeat, not asked for the same page a hundred times.
// The check fixture over real stdio (2025-11-25), its tools/list repeating its second page's cursor.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { liveRecording } from "../../main/cli/liveRecording.js";
import type { Recording } from "../../main/core/recordings/format.js";
import { fixtureStdio } from "./harness.js";

describe("the live side of diff --server", () => {
  it("a repeated tools/list cursor stops the walk: two tools/list requests recorded", { timeout: 60_000 }, async () => {
    const against = { header: {}, lines: [], warnings: [] } as unknown as Recording;
    const live = await liveRecording(against, {
      server: fixtureStdio("checks/check-target.mjs", "--defect", "pagination-repeat"),
      era: "2025-11-25",
      headers: {},
      configDir: mkdtempSync(join(tmpdir(), "live-")),
      say: () => {},
    });
    const asked = live.lines.filter((l) => "dir" in l && l.dir === "out" && (l.msg as { method?: string } | undefined)?.method === "tools/list");
    expect(asked).toHaveLength(2);
  });
});
