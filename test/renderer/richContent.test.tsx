// @vitest-environment happy-dom
// Tool results as a person reads them (issue 13): images and playable audio from base64, a resource_link
// that reads its URI in the Resources tab, embedded resources with the read previews, content
// annotations, the outputSchema check, a Raw JSON view; hostile sizes and mime types bounded.
import "./setup.js";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { CallToolResult, Tool } from "@modelcontextprotocol/sdk/types.js";
import { createFakeBridge, runToolsLikeTheCore, type FakeBridge } from "./fakeBridge.js";
import { session, tool } from "./fixtures.js";
import { renderApp, tabNamed } from "./renderApp.js";

const PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==";
const WAV = "UklGRiQAAABXQVZFZm10IBAAAAABAAEAQB8AAEAfAAABAAgAZGF0YQAAAAA=";
const withResources = session({ serverCapabilities: { tools: {}, resources: {} } });

async function runAndShow(result: CallToolResult, options: { tools?: Tool[]; bridge?: FakeBridge } = {}) {
  const user = userEvent.setup();
  const bridge = options.bridge ?? createFakeBridge();
  const tools = options.tools ?? [tool("rich")];
  bridge.handle("listTools", () => ({ tools }));
  runToolsLikeTheCore(bridge, () => ({ result }));
  await renderApp({ sessions: [withResources] }, bridge);
  await user.click(await screen.findByRole("button", { name: tools[0]!.name }));
  await user.click(screen.getByRole("button", { name: "Run" }));
  const run = await screen.findByRole("article", { name: `Run 1: ${tools[0]!.name}` });
  await within(run).findByText("done");
  return { user, bridge, run };
}

afterEach(() => vi.restoreAllMocks());

describe("content blocks in a tool result", () => {
  it("an image is drawn from its base64 as a data: URL; audio is an <audio controls> that plays its data: URL", async () => {
    const { run } = await runAndShow({
      content: [
        { type: "image", data: PNG, mimeType: "image/png" },
        { type: "audio", data: WAV, mimeType: "audio/wav" },
      ],
    });
    const img = within(run).getByRole("img", { name: "Image from the server (image/png)" }) as HTMLImageElement;
    expect(img.getAttribute("src")).toBe(`data:image/png;base64,${PNG}`);
    const audio = within(run).getByLabelText("Audio from the server (audio/wav)") as HTMLAudioElement;
    expect(audio.tagName).toBe("AUDIO");
    expect(audio.hasAttribute("controls")).toBe(true);
    expect(audio.getAttribute("src")).toBe(`data:audio/wav;base64,${WAV}`);
    expect(within(run).getByText(/Audio \(audio\/wav, 44 bytes\)/)).toBeTruthy();
  });

  it("hostile media: a non-image mime type is never a data: URL, and a 24 MB base64 image is measured, not drawn", async () => {
    const huge = "A".repeat(24 * 1024 * 1024);
    const { run } = await runAndShow({
      content: [
        { type: "image", data: PNG, mimeType: "text/html" },
        { type: "image", data: PNG, mimeType: "image/svg+xml" },
        { type: "audio", data: WAV, mimeType: "video/mp4" },
        { type: "image", data: huge, mimeType: "image/png" },
      ],
    });
    expect(within(run).queryAllByRole("img")).toHaveLength(0);
    expect(run.querySelector("audio")).toBeNull();
    expect(run.querySelectorAll("[src]")).toHaveLength(0);
    expect(within(run).getByText(/Image \(image\/png, 18\.0 MB, 18874368 bytes\) · too large to show here/)).toBeTruthy();
    expect(within(run).getAllByText(/not shown: only PNG, JPEG, GIF, WebP, AVIF and BMP images are/)).toHaveLength(2);
    expect(within(run).getByRole("button", { name: /Download Image \(image\/png, 18\.0 MB/ })).toBeTruthy();
  });

  it("content annotations (audience, priority, lastModified) are visible in words", async () => {
    const { run } = await runAndShow({
      content: [{ type: "text", text: "Important for the user", annotations: { audience: ["user"], priority: 0.9, lastModified: "2026-11-25T06:00:00Z" } }],
    });
    expect(within(run).getByLabelText("Annotations").textContent).toBe("Audience: user · Priority: 0.9 · Last modified: 2026-11-25T06:00:00Z");
  });

  it("an embedded resource is shown like a read: JSON pretty-printed, a binary as size, mime type and Download", async () => {
    const created = vi.spyOn(URL, "createObjectURL").mockReturnValue("blob:test/1");
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(() => {});
    const { user, run } = await runAndShow({
      content: [
        { type: "resource", resource: { uri: "test://config.json", mimeType: "application/json", text: '{"a":1,"b":[true]}' } },
        { type: "resource", resource: { uri: "test://files/report%20v1.pdf", mimeType: "application/pdf", blob: "JVBERi0xLjQK" } },
      ],
    });
    const json = within(run).getByRole("group", { name: "Embedded resource test://config.json" });
    expect(within(json).getByLabelText("JSON contents").textContent).toBe('{\n  "a": 1,\n  "b": [\n    true\n  ]\n}');
    const pdf = within(run).getByRole("group", { name: "Embedded resource test://files/report%20v1.pdf" });
    expect(within(pdf).getByText(/Binary content \(application\/pdf, 9 bytes\)/)).toBeTruthy();
    await user.click(within(pdf).getByRole("button", { name: "Download Binary content (application/pdf, 9 bytes)" }));
    const blob = created.mock.calls[0]![0] as Blob;
    expect(blob.type).toBe("application/pdf");
    expect(new TextDecoder().decode(await blob.arrayBuffer())).toBe("%PDF-1.4\n");
    const anchor = clicked.mock.contexts[0] as HTMLAnchorElement;
    expect(anchor.download).toBe("report_v1.pdf");
    expect(anchor.getAttribute("href")).toBe("blob:test/1");
  });

  it("a resource_link is a button that reads its URI in the Resources tab of the same session", async () => {
    const bridge = createFakeBridge();
    bridge.handle("readResource", ({ uri }) => ({ contents: [{ uri, mimeType: "text/plain", text: "Resource 7: this is a plaintext resource" }] }));
    const { user, run } = await runAndShow({ content: [{ type: "resource_link", uri: "demo://resource/static/document/7", name: "Resource 7", mimeType: "text/plain", description: "a document" }] }, { bridge });
    expect(within(run).getByText("a document")).toBeTruthy();
    await user.click(within(run).getByRole("button", { name: "Read demo://resource/static/document/7 in Resources" }));
    expect(tabNamed("Resources").getAttribute("aria-selected")).toBe("true");
    const contents = await screen.findByRole("region", { name: "Resource contents" });
    expect(await within(contents).findByText("Resource 7: this is a plaintext resource")).toBeTruthy();
    expect(bridge.callsOf("readResource")).toEqual([{ sessionId: "s1", uri: "demo://resource/static/document/7" }]);
    // Read once: coming back to the tab later does not read it again.
    await user.click(tabNamed("Tools"));
    await user.click(tabNamed("Resources"));
    await screen.findByRole("region", { name: "Resource contents" });
    expect(bridge.callsOf("readResource")).toHaveLength(1);
  });
});

describe("the result as a whole", () => {
  const withOutput = (outputSchema: Tool["outputSchema"]) => [tool("weather", { outputSchema })];
  const schema = { type: "object" as const, properties: { temperature: { type: "number" }, city: { type: "string", pattern: "^(a+)+$" } }, required: ["temperature"] };

  it("structuredContent that fits the outputSchema says so", async () => {
    const { run } = await runAndShow({ content: [], structuredContent: { temperature: 21.5 } }, { tools: withOutput(schema) });
    expect(within(run).getByText("✓ structuredContent matches the tool's outputSchema")).toBeTruthy();
  });

  it("structuredContent that does not fit names the field and what was wrong; a hostile pattern is run in linear time", async () => {
    const { run } = await runAndShow({ content: [], structuredContent: { temperature: "warm", city: `${"a".repeat(40)}!` } }, { tools: withOutput(schema) });
    expect(within(run).getByText("✗ structuredContent does not match the tool's outputSchema:")).toBeTruthy();
    const problems = within(run).getAllByRole("listitem").map((li) => li.textContent);
    expect(problems).toContainEqual(expect.stringMatching(/^temperature: .*number/));
    expect(problems).toContain("city: must match the pattern ^(a+)+$");
  });

  it("a tool with an outputSchema whose result has no structuredContent fails the check; a result without a schema has no check", async () => {
    const { run } = await runAndShow({ content: [{ type: "text", text: "no structure" }] }, { tools: withOutput(schema) });
    expect(within(run).getByText("the result has no structuredContent, and the tool declares an outputSchema")).toBeTruthy();
  });

  it("Raw JSON shows the whole result as the server sent it, drawn only when opened", async () => {
    const { user, run } = await runAndShow({ content: [{ type: "text", text: "hi" }], structuredContent: { n: 1 } });
    expect(within(run).queryByText(/structuredContent/)).toBeNull();
    expect(within(run).queryByLabelText("Raw JSON of the result")).toBeNull();
    await user.click(within(run).getByText("Raw JSON"));
    expect(JSON.parse(within(run).getByLabelText("Raw JSON of the result").textContent!)).toEqual({ content: [{ type: "text", text: "hi" }], structuredContent: { n: 1 } });
  });
});

describe("the Resources tab's read result", () => {
  it("previews text, JSON, images, audio and binaries (size, mime type, Download) instead of 'base64 not shown'", async () => {
    const user = userEvent.setup();
    const bridge = createFakeBridge();
    bridge.handle("listResources", () => ({ resources: [{ uri: "test://mixed", name: "mixed" }] }));
    bridge.handle("readResource", ({ uri }) => ({
      contents: [
        { uri: `${uri}/a.txt`, mimeType: "text/plain", text: "plain words" },
        { uri: `${uri}/b`, text: '[1, {"x": 2}]' },
        { uri: `${uri}/c.png`, mimeType: "image/png", blob: PNG },
        { uri: `${uri}/d.wav`, mimeType: "audio/wav", blob: WAV },
        { uri: `${uri}/e.bin`, mimeType: "application/octet-stream", blob: "AAEC" },
      ],
    }));
    await renderApp({ sessions: [withResources] }, bridge);
    await user.click(tabNamed("Resources"));
    await user.click(await screen.findByRole("button", { name: "Read test://mixed" }));
    const pane = screen.getByRole("region", { name: "Resource contents" });
    expect(await within(pane).findByText("plain words")).toBeTruthy();
    expect(within(pane).getByLabelText("JSON contents").textContent).toBe('[\n  1,\n  {\n    "x": 2\n  }\n]');
    expect(within(pane).getByRole("img", { name: "Image from the server (image/png)" }).getAttribute("src")).toBe(`data:image/png;base64,${PNG}`);
    expect(within(pane).getByLabelText("Audio from the server (audio/wav)").hasAttribute("controls")).toBe(true);
    expect(within(pane).getByText(/Binary content \(application\/octet-stream, 3 bytes\)/)).toBeTruthy();
    expect(within(pane).getByRole("button", { name: "Download Binary content (application/octet-stream, 3 bytes)" })).toBeTruthy();
    expect(within(pane).queryByText(/base64 not shown/)).toBeNull();
  });
});
