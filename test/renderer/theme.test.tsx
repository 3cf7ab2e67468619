// @vitest-environment happy-dom
// Issue 21: the Settings theme switch. It saves at once (no Save button), the page pins its
// color-scheme from the saved setting, and what is typed in the rest of the form survives the switch.
import "./setup.js";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { DEFAULT_SETTINGS, type Settings } from "../../shared/types.js";
import { renderApp } from "./renderApp.js";

describe("the theme switch in Settings (issue 21)", () => {
  it("System / Light / Dark: saved with the settings at once, and the page follows what main reports", async () => {
    const { bridge } = await renderApp({ settings: { ...DEFAULT_SETTINGS, theme: "light" } });
    await waitFor(() => expect(document.documentElement.dataset.theme).toBe("light"));
    let saved: Settings = { ...DEFAULT_SETTINGS, theme: "light" };
    bridge.handle("updateSettings", (patch) => {
      saved = { ...saved, ...patch };
      bridge.emit({ type: "settingsChanged", payload: saved });
      return saved;
    });

    await userEvent.click(screen.getByText("Settings"));
    const theme = screen.getByRole("group", { name: "Theme" });
    expect(within(theme).getByRole("radio", { name: "Light" })).toHaveProperty("checked", true);
    const form = screen.getByRole("form", { name: "Settings" });
    await userEvent.clear(within(form).getByRole("textbox", { name: "Request timeout (ms)" }));
    await userEvent.type(within(form).getByRole("textbox", { name: "Request timeout (ms)" }), "1234");

    await userEvent.click(within(theme).getByRole("radio", { name: "Dark" }));
    expect(bridge.callsOf("updateSettings")).toEqual([{ theme: "dark" }]);
    await waitFor(() => expect(document.documentElement.dataset.theme).toBe("dark"));
    expect(within(theme).getByRole("radio", { name: "Dark" })).toHaveProperty("checked", true);
    // The theme saved alone: the unsaved timeout is still there, not reset to the stored one.
    expect(within(form).getByRole("textbox", { name: "Request timeout (ms)" })).toHaveProperty("value", "1234");

    await userEvent.click(within(theme).getByRole("radio", { name: "System" }));
    await waitFor(() => expect(document.documentElement.dataset.theme).toBeUndefined());
    expect(saved.theme).toBe("system");
  });
});
