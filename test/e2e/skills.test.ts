// The Skills panel (SEP-2640, issue 24) in Chromium, against the Skills fixture servers: it appears in the
// Resources tab when the server declares io.modelcontextprotocol/skills; a skill opened shows its frontmatter
// as the server sent it, its SKILL.md as text (verified), its files; Verify checks every file. The hostile
// server's tampered SKILL.md fails with the file named, and keys such as __proto__ are shown as plain data.
import { describe, expect, it } from "vitest";
import type { SavedServer } from "../../shared/types.js";
import { openApp } from "./app.js";
import { FLOW_TIMEOUT_MS, connect, fixtureServer, openTab, waitForText } from "./flows-ui.js";

const HONEST = "Skills fixture";
const HOSTILE = "Hostile skills";
const hostileServer = (): SavedServer => {
  const server = fixtureServer("skills-hostile", HOSTILE, "skills/skills-server.mjs");
  return { ...server, transport: { ...server.transport, args: [...(server.transport as { args: string[] }).args, "--hostile"] } as SavedServer["transport"] };
};

describe("Skills panel in Chromium", () => {
  it("SK2/SK3/SK6: lists the skills, opens one (frontmatter verbatim, SKILL.md as verified text, its files) and verifies it", { timeout: 120_000 }, async () => {
    const app = await openApp({ savedServers: [fixtureServer("skills", HONEST, "skills/skills-server.mjs")], viewport: { width: 1280, height: 900 } });
    const { page } = app;
    await connect(page, HONEST);
    await openTab(page, "Resources");
    await page.getByRole("radio", { name: "Skills", exact: true }).check();
    const list = page.getByRole("region", { name: "Skill list", exact: true });
    await expect.poll(() => list.getByRole("button", { name: /^Open skill / }).count(), { timeout: FLOW_TIMEOUT_MS }).toBe(3);
    await list.getByRole("button", { name: "Open skill skill://git-workflow/SKILL.md", exact: true }).click();
    const detail = page.getByRole("region", { name: "Skill", exact: true });
    await waitForText(detail, /"license": "MIT"/);
    await detail.getByRole("button", { name: "Open SKILL.md", exact: true }).click();
    const contents = page.getByRole("region", { name: "Contents of skill://git-workflow/SKILL.md", exact: true });
    await waitForText(contents, /# Git workflow/);
    expect(await contents.textContent()).toContain("verified");
    await detail.getByRole("button", { name: "Verify", exact: true }).click();
    await waitForText(detail.getByRole("status"), "Verified: every file matches its size and SHA-256 digest");
    expect(await detail.getByRole("table").getByText("verified", { exact: true }).count()).toBe(3);
    await app.screenshot("skills-panel");

    // A dynamic skill is never called verified.
    await list.getByRole("button", { name: "Open skill skill://reports/daily/SKILL.md", exact: true }).click();
    await waitForText(detail, /resources: "dynamic"/);
    await detail.getByRole("button", { name: "Verify", exact: true }).click();
    await waitForText(detail.getByRole("status"), "Not verifiable: the server publishes no digests for this skill");

    // SK4: a skill is found by its URI too (skills/get); an unknown one is the server's error, in words.
    const byUri = page.getByRole("form", { name: "Find a skill by URI", exact: true });
    await byUri.getByRole("textbox", { name: "SKILL.md URI", exact: true }).fill("skill://nope/SKILL.md");
    await byUri.getByRole("button", { name: "Get skill", exact: true }).click();
    await waitForText(list.getByRole("alert"), /No skill is served at skill:\/\/nope\/SKILL\.md/);
    await byUri.getByRole("textbox", { name: "SKILL.md URI", exact: true }).fill("skill://acme/billing/refunds/SKILL.md");
    await byUri.getByRole("button", { name: "Get skill", exact: true }).click();
    await waitForText(detail.getByRole("heading", { level: 2 }), "refunds");
    await app.screenshot("skills-by-uri");
    expect(app.pageErrors).toEqual([]);
  });

  it("SK9/SK13: a tampered SKILL.md fails verification with the file named; frontmatter keys like __proto__ are plain data", { timeout: 120_000 }, async () => {
    const app = await openApp({ savedServers: [hostileServer()], viewport: { width: 1280, height: 900 } });
    const { page } = app;
    await connect(page, HOSTILE);
    await openTab(page, "Resources");
    await page.getByRole("radio", { name: "Skills", exact: true }).check();
    const list = page.getByRole("region", { name: "Skill list", exact: true });
    await list.getByRole("button", { name: "Open skill skill://proto-keys/SKILL.md", exact: true }).waitFor({ timeout: FLOW_TIMEOUT_MS });
    await list.getByRole("button", { name: "Open skill skill://proto-keys/SKILL.md", exact: true }).click();
    const detail = page.getByRole("region", { name: "Skill", exact: true });
    await waitForText(detail, /"__proto__": \{/);
    await list.getByRole("button", { name: "Open skill skill://wrong-digest/SKILL.md", exact: true }).click();
    await detail.getByRole("button", { name: "Verify", exact: true }).click();
    await waitForText(detail.getByRole("status"), "Verification failed");
    await waitForText(detail, /skill:\/\/wrong-digest\/SKILL\.md: digest mismatch: the manifest says sha256:[0-9a-f]{64}/);
    expect(await detail.getByRole("table").getByText("not read", { exact: true }).count()).toBe(1);
    await app.screenshot("skills-verify-failed");
    await list.getByRole("button", { name: "Open skill skill://huge/SKILL.md", exact: true }).click();
    await waitForText(detail, /the skill's files total \d+ bytes/);
    expect(await detail.getByRole("button", { name: "Open SKILL.md", exact: true }).isDisabled()).toBe(true);
    await app.screenshot("skills-hostile");
    expect(app.pageErrors).toEqual([]);
  });
});
