// @vitest-environment happy-dom
// E5, issue 21: the protocol-violation banner can be dismissed; the violations stay in the Server facts,
// and a new one brings the banner back.
import "./setup.js";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { SessionInfo } from "../../shared/types.js";
import { createFakeBridge } from "./fakeBridge.js";
import { session } from "./fixtures.js";
import { renderApp } from "./renderApp.js";

const first = 'The server sent a "elicitation/create" request, which 2026-07-28 forbids';
const second = 'The server sent a "sampling/createMessage" request, which 2026-07-28 forbids';
const modern: SessionInfo = session({ era: "modern", protocolVersion: "2026-07-28", violations: [first] });

describe("protocol violations (E5, issue 21)", () => {
  it("E5, issue 21: the banner is dismissed with its ×, the violation stays in Server facts, and a new one shows the banner again", async () => {
    const user = userEvent.setup();
    const bridge = createFakeBridge();
    await renderApp({ sessions: [modern] }, bridge);
    const banner = screen.getByRole("alert");
    expect(within(banner).getByText(/^Protocol violation \(1\)/)).toBeTruthy();
    await user.click(within(banner).getByRole("button", { name: "Dismiss protocol violation" }));
    expect(screen.queryByRole("alert")).toBeNull();

    await user.click(screen.getByRole("button", { name: "Server facts" }));
    const kept = within(screen.getByRole("region", { name: "Server facts" })).getByRole("list", { name: "Protocol violations" });
    expect(within(kept).getAllByRole("listitem").map((li) => li.textContent)).toEqual([first]);

    bridge.emit({ type: "sessionChanged", payload: { ...modern, violations: [first, second] } });
    const again = await screen.findByRole("alert");
    expect(within(again).getByText(/^Protocol violation \(2\)/).textContent).toContain("sampling/createMessage");
    expect(within(kept).getAllByRole("listitem")).toHaveLength(2);
  });

  it("issue 21: a session without violations says so in its Server facts", async () => {
    const user = userEvent.setup();
    await renderApp({ sessions: [session()] }, createFakeBridge());
    await user.click(screen.getByRole("button", { name: "Server facts" }));
    expect(within(screen.getByRole("region", { name: "Server facts" })).getByText("(none seen)")).toBeTruthy();
  });
});
