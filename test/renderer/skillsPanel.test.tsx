// @vitest-environment happy-dom
// The Skills view (SEP-2640): only for a server that declares io.modelcontextprotocol/skills; listing reads
// no file (SK2); a skill's frontmatter is shown as text, markup and all; a failed load shows the file named.
import "./setup.js";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { createFakeBridge } from "./fakeBridge.js";
import { session } from "./fixtures.js";
import { renderApp, tabNamed } from "./renderApp.js";

const SKILL = {
  uri: "skill://pdf/SKILL.md",
  name: "pdf",
  frontmatter: { name: "pdf", description: "<img src=x onerror=alert(1)> PDFs" },
  resources: [{ uri: "skill://pdf/SKILL.md", digest: `sha256:${"a".repeat(64)}`, size: 10 }],
  totalBytes: 10,
  problems: [],
  loadable: true,
};

describe("Skills view", () => {
  it("SK1: a server that does not declare Skills gets no Skills view, and skills/list is never called", async () => {
    const bridge = createFakeBridge();
    const user = userEvent.setup();
    await renderApp({ sessions: [session({ serverCapabilities: { resources: {} } })] }, bridge);
    await user.click(tabNamed("Resources"));
    await screen.findByText("The server lists no resources.");
    expect(screen.queryByRole("radio", { name: "Skills" })).toBeNull();
    expect(bridge.callsOf("listSkills")).toEqual([]);
  });

  it("SK2/SK9: the view lists without reading; the frontmatter is text; a failed load names the file", async () => {
    const bridge = createFakeBridge();
    bridge.handle("listSkills", () => ({ skills: [SKILL] }));
    bridge.handle("loadSkill", () => {
      throw new Error("skill://pdf/SKILL.md: digest mismatch: the manifest says sha256:aa, the content hashes to sha256:bb");
    });
    const user = userEvent.setup();
    await renderApp({ sessions: [session({ serverCapabilities: { resources: {}, extensions: { "io.modelcontextprotocol/skills": {} } } })] }, bridge);
    await user.click(tabNamed("Resources"));
    await user.click(await screen.findByRole("radio", { name: "Skills" }));
    await user.click(await screen.findByRole("button", { name: "Open skill skill://pdf/SKILL.md" }));
    expect(screen.getByText(/"description": "<img src=x onerror=alert\(1\)> PDFs"/)).toBeTruthy();
    expect(document.querySelector("img")).toBeNull();
    expect(bridge.callsOf("loadSkill")).toEqual([]);
    expect(bridge.callsOf("readSkillFile")).toEqual([]);
    await user.click(screen.getByRole("button", { name: "Open SKILL.md" }));
    expect((await screen.findByRole("alert")).textContent).toContain("skill://pdf/SKILL.md: digest mismatch");
  });
});
