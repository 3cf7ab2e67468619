// @vitest-environment happy-dom
// A server's URL with invisible bidi control characters: each is shown as a marker (⟨U+202E⟩), the
// confirmation warns about them and starts on "Don't open"; what is opened is still exactly the
// server's URL, and only after the user confirms.
import "./setup.js";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { OpenLink } from "../../renderer/src/components/OpenLinkConfirm.js";
import { createFakeBridge } from "./fakeBridge.js";
import { elicitation, session } from "./fixtures.js";
import { renderApp, tabNamed } from "./renderApp.js";

const DISGUISED = "https://example.com/\u202Egnp.exe";
const HIDDEN = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/;

function urlText(root: HTMLElement): HTMLElement {
  const code = root.querySelector("code.url-text");
  if (!(code instanceof HTMLElement)) throw new Error("no URL shown");
  return code;
}

describe("Open this link? with bidi control characters", () => {
  it("shows each control as a distinct marker, warns, and opens exactly the server's URL once confirmed", async () => {
    const user = userEvent.setup();
    const bridge = createFakeBridge();
    bridge.handle("openExternal", () => ({ ok: true }));
    const { container } = render(<OpenLink bridge={bridge} url={DISGUISED} />);

    // Before confirming: the URL as shown already has the marker, not the hidden character.
    expect(urlText(container).textContent).toBe("https://example.com/⟨U+202E⟩gnp.exe");
    await user.click(screen.getByRole("button", { name: "Open URL…" }));
    expect(bridge.callsOf("openExternal")).toHaveLength(0);

    const dialog = screen.getByRole("alertdialog", { name: "Open this link?" });
    const shown = urlText(dialog);
    expect(shown.textContent).toBe("https://example.com/⟨U+202E⟩gnp.exe");
    expect(shown.textContent).not.toMatch(HIDDEN);
    const marker = within(shown).getByText("⟨U+202E⟩");
    expect(marker.tagName).toBe("SPAN");
    expect(marker.className).toBe("bidi-marker");
    expect(marker.getAttribute("title")).toContain("RIGHT-TO-LEFT OVERRIDE");
    const warning = within(dialog).getByText(/^This link contains invisible text-direction characters, shown as ⟨U\+202E⟩/);
    expect(dialog.getAttribute("aria-describedby")?.split(" ")).toContain(warning.id);
    // The safe choice has the focus: Enter does not open a suspicious link.
    expect(document.activeElement).toBe(within(dialog).getByRole("button", { name: "Don't open" }));

    await user.click(within(dialog).getByRole("button", { name: "Open link" }));
    expect(bridge.callsOf("openExternal")).toEqual([{ url: DISGUISED }]);
  });

  it("lists each kind of control once, and marks every occurrence", async () => {
    const user = userEvent.setup();
    render(<OpenLink bridge={createFakeBridge()} url={"https://example.com/\u2067a\u2069/\u2067b\u2069\u200F"} />);
    await user.click(screen.getByRole("button", { name: "Open URL…" }));
    const dialog = screen.getByRole("alertdialog", { name: "Open this link?" });
    expect(within(urlText(dialog)).getAllByText(/^⟨U\+[0-9A-F]{4}⟩$/).map((m) => m.textContent)).toEqual([
      "⟨U+2067⟩",
      "⟨U+2069⟩",
      "⟨U+2067⟩",
      "⟨U+2069⟩",
      "⟨U+200F⟩",
    ]);
    expect(within(dialog).getByText(/shown as ⟨U\+2067⟩, ⟨U\+2069⟩, ⟨U\+200F⟩:/)).toBeTruthy();
  });

  it("a plain URL: no marker, no warning, and the focus on Open link as before", async () => {
    const user = userEvent.setup();
    const url = "https://example.com/report.png";
    render(<OpenLink bridge={createFakeBridge()} url={url} />);
    await user.click(screen.getByRole("button", { name: "Open URL…" }));
    const dialog = screen.getByRole("alertdialog", { name: "Open this link?" });
    expect(within(dialog).getByText(url)).toBeTruthy();
    expect(dialog.querySelector(".bidi-marker")).toBeNull();
    expect(within(dialog).queryByText(/invisible text-direction characters/)).toBeNull();
    expect(document.activeElement).toBe(within(dialog).getByRole("button", { name: "Open link" }));
  });

  it("a URL-mode elicitation shows its URL with the markers, and the confirmation warns", async () => {
    const user = userEvent.setup();
    const { bridge } = await renderApp({
      sessions: [session()],
      pendingInputs: [elicitation("e1", { mode: "url", message: "Download your report", url: DISGUISED, elicitationId: "el-1" })],
    });
    bridge.handle("openExternal", () => ({ ok: true }));
    await user.click(tabNamed("Elicitations"));
    const card = screen.getByRole("article");
    expect(urlText(card).textContent).toBe("https://example.com/⟨U+202E⟩gnp.exe");
    await user.click(within(card).getByRole("button", { name: "Open URL…" }));
    const dialog = within(card).getByRole("alertdialog", { name: "Open this link?" });
    expect(within(dialog).getByText(/invisible text-direction characters, shown as ⟨U\+202E⟩/)).toBeTruthy();
    await user.click(within(dialog).getByRole("button", { name: "Open link" }));
    expect(bridge.callsOf("openExternal")).toEqual([{ url: DISGUISED }]);
  });
});
