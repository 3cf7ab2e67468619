// @vitest-environment happy-dom
// Issue 21: every limit an error names is a Settings field, with its unit and default; a save says it worked.
import "./setup.js";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { inSettings, NUMBER_SETTING_FIELDS } from "../../shared/settingFields.js";
import { DEFAULT_SETTINGS, type Settings } from "../../shared/types.js";
import { requestWithRounds } from "../../main/core/modern/mrtr.js";
import { SettingsPanel } from "../../renderer/src/sidebar/SettingsPanel.js";
import { renderWithStore } from "./renderWithStore.js";

const hintOf = (input: HTMLElement) => document.getElementById(input.getAttribute("aria-describedby")!)?.textContent ?? "";

describe("Settings (issue 21)", () => {
  it("issue 21: every numeric setting the core applies has a field, its unit in the label and its default beside it", () => {
    renderWithStore(<SettingsPanel />);
    const numeric = (Object.keys(DEFAULT_SETTINGS) as (keyof Settings)[]).filter((k) => typeof DEFAULT_SETTINGS[k] === "number");
    expect(numeric.length).toBeGreaterThanOrEqual(9);
    for (const key of numeric) {
      const field = NUMBER_SETTING_FIELDS.find((f) => f.key === key);
      expect(field, key).toBeDefined();
      const input = screen.getByLabelText(`${field!.label} (${field!.unit})`) as HTMLInputElement;
      // Byte settings are shown in MB or KB (issue 19).
      const shown = (DEFAULT_SETTINGS[key] as number) / (field!.bytesPerUnit ?? 1);
      expect(input.value).toBe(String(shown));
      expect(hintOf(input), key).toContain(`Default: ${shown} ${field!.unit}`);
    }
    expect(hintOf(screen.getByLabelText("Rounds per request (rounds)"))).toMatch(/input_required .*\. Default: 10 rounds$/);
    expect(hintOf(screen.getByLabelText("Era probe wait (ms)"))).toMatch(/server\/discover.*\. Default: 2000 ms \(2 s\)$/);
  });

  it("issue 21, I3: the round-limit error names the Settings field that sets it, and that field is there", async () => {
    const stopped = requestWithRounds("tools/call", { name: "forever" }, {
      desk: undefined as never,
      maxRounds: 1,
      send: async () => ({ resultType: "input_required", inputRequests: {} }),
    });
    await expect(stopped).rejects.toThrow(`(the round limit is 1: ${inSettings("maxInputRounds")})`);
    expect(inSettings("maxInputRounds")).toBe('"Rounds per request" in Settings');
    renderWithStore(<SettingsPanel />);
    expect(screen.getByLabelText("Rounds per request (rounds)")).toBeTruthy();
  });

  it("issue 21: Save settings says Saved in a live status once main applied them, and says why when it did not", async () => {
    const user = userEvent.setup();
    const { bridge } = renderWithStore(<SettingsPanel />);
    let fail = false;
    bridge.handle("updateSettings", (patch) => {
      if (fail) throw new Error("maxInputRounds: Too big: expected number to be <=1000");
      const next = { ...DEFAULT_SETTINGS, ...patch };
      // As the core does: the new settings come back as an event too (the form starts again from them).
      bridge.emit({ type: "settingsChanged", payload: next });
      return next;
    });
    const status = screen.getByRole("status");
    expect(status.getAttribute("aria-live")).toBe("polite");
    expect(status.textContent).toBe("");
    const rounds = screen.getByLabelText("Rounds per request (rounds)");
    await user.clear(rounds);
    await user.type(rounds, "20");
    await user.click(screen.getByRole("button", { name: "Save settings" }));
    expect(bridge.callsOf("updateSettings")).toEqual([expect.objectContaining({ maxInputRounds: 20 })]);
    expect(await screen.findByText(/^Saved at \d\d:\d\d:\d\d$/)).toBe(screen.getByRole("status"));
    expect((screen.getByLabelText("Rounds per request (rounds)") as HTMLInputElement).value).toBe("20");
    // An edit after the save: no longer "Saved".
    await user.type(screen.getByLabelText("Rounds per request (rounds)"), "00");
    expect(screen.getByRole("status").textContent).toBe("");
    fail = true;
    await user.click(screen.getByRole("button", { name: "Save settings" }));
    expect((await screen.findByRole("alert")).textContent).toMatch(/^Settings not saved: maxInputRounds: Too big/);
    expect(screen.getByRole("status").textContent).toBe("");
  });
});
