// AP16: what a View's `ui/download-file` may save (one embedded file, bounded, under a safe name), and a
// host context the user writes for Preview, read field by field. Every string came from a hostile View.
import { describe, expect, it } from "vitest";
import { downloadOf, MAX_DOWNLOAD_BYTES, safeFileName } from "../../renderer/src/apps/appDownload.js";
import { customHostContext, HOST_PRESETS } from "../../renderer/src/apps/hostPresets.js";

describe("AP16: ui/download-file", () => {
  it("AP16: the file name is made safe: the last path segment, no controls, bidi marks, reserved characters, leading dots or device names", () => {
    expect(safeFileName("ui://app/report.csv")).toBe("report.csv");
    expect(safeFileName("../../etc/passwd")).toBe("passwd");
    expect(safeFileName("..\\..\\windows\\win.ini")).toBe("win.ini");
    expect(safeFileName("invoice\u202Efdp.exe")).toBe("invoicefdp.exe");
    expect(safeFileName("a<b>:c|d?.txt")).toBe("a_b__c_d_.txt");
    expect(safeFileName(".bashrc")).toBe("bashrc");
    expect(safeFileName("CON.txt")).toBe("download-CON.txt");
    expect(safeFileName("%2e%2e%2fsecret")).not.toMatch(/[/\\]|^\./);
    expect(safeFileName("")).toBe("download");
    expect(safeFileName(42)).toBe("download");
    expect(safeFileName("x".repeat(500)).length).toBe(120);
  });

  it("AP16: one embedded text or base64 blob within the bound; a link, several files, a huge or broken one is refused in words", () => {
    const ok = downloadOf({ contents: [{ type: "resource", resource: { uri: "ui://a/notes.txt", mimeType: "text/plain", text: "hello" } }] });
    expect(typeof ok === "string" ? ok : { name: ok.name, bytes: ok.bytes, mimeType: ok.mimeType }).toEqual({ name: "notes.txt", bytes: 5, mimeType: "text/plain" });
    const blob = downloadOf({ contents: [{ type: "resource", resource: { uri: "x.bin", mimeType: "text/html; charset=x", blob: btoa("\u0001\u0002\u0003") } }] });
    expect(typeof blob === "string" ? blob : [blob.bytes, blob.mimeType]).toEqual([3, "application/octet-stream"]);
    expect(downloadOf({ contents: [{ type: "resource_link", uri: "https://evil.example/x", name: "x" }] })).toMatch(/resource_link is not fetched/);
    expect(downloadOf({ contents: [] })).toMatch(/no contents/);
    expect(downloadOf({ contents: [1, 2] })).toMatch(/one file/);
    expect(downloadOf({ contents: [{ type: "resource", resource: { uri: "big", text: "x".repeat(MAX_DOWNLOAD_BYTES + 1) } }] })).toMatch(/over the 16 MB/);
    expect(downloadOf({ contents: [{ type: "resource", resource: { uri: "b", blob: "!!!" } }] })).toMatch(/not base64/);
    expect(downloadOf(null)).toMatch(/no contents/);
  });
});

describe("Preview as another host", () => {
  it("the presets are host contexts within the spec's fields; custom JSON keeps only those, says what it left out, and refuses what is not an object", () => {
    expect(HOST_PRESETS.mobile.context.platform).toBe("mobile");
    expect(HOST_PRESETS.card.context.availableDisplayModes).toEqual(["inline"]);
    const read = customHostContext(JSON.stringify({ platform: "mobile", theme: "dark", containerDimensions: { width: 360, maxHeight: 1e9 }, availableDisplayModes: ["pip", "bogus"], safeAreaInsets: { top: 20 }, hostInfo: "x", __proto__: 1 }));
    expect(typeof read === "string" ? read : read.context).toEqual({
      platform: "mobile",
      theme: "dark",
      containerDimensions: { width: 360 },
      availableDisplayModes: ["pip"],
      safeAreaInsets: { top: 20, right: 0, bottom: 0, left: 0 },
    });
    expect(typeof read === "string" ? [] : read.notes).toEqual(["hostInfo: not a host context field the preview sets; left out"]);
    expect(customHostContext("[1]")).toBe("The host context must be a JSON object");
    expect(customHostContext("{oops")).toMatch(/^Not JSON/);
  });
});
