// @vitest-environment happy-dom
// Issue 21, browser mode: the tab's title and favicon count the pending inputs, and Web Notifications
// (the shared notifier's grouping) say which server waits and open the item on click. The desktop app
// (host.notifiesUser) does its own, so the page then leaves the title alone.
import "./setup.js";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { DEFAULT_SETTINGS } from "../../shared/types.js";
import { GROUP_WINDOW_MS, MIN_INTERVAL_MS } from "../../shared/waitingAlerts.js";
import { BASE_TITLE, faviconHref, pageTitle } from "../../renderer/src/alerts/pageBadge.js";
import { elicitation, sampling, session } from "./fixtures.js";
import { renderApp, tabNamed } from "./renderApp.js";

/** A stand-in for the page's Notification API: records what is constructed, lets the test click it. */
class RecordingNotification {
  static permission: NotificationPermission = "granted";
  static made: RecordingNotification[] = [];
  static requestPermission = vi.fn(async () => {
    RecordingNotification.permission = "granted";
    return "granted" as NotificationPermission;
  });
  onclick: ((event: { preventDefault(): void }) => void) | null = null;
  closed = false;
  constructor(
    readonly title: string,
    readonly options: { body?: string; tag?: string },
  ) {
    RecordingNotification.made.push(this);
  }
  close() {
    this.closed = true;
  }
}

let focused = false;

function favicon() {
  return document.head.querySelector<HTMLLinkElement>('link[rel="icon"]');
}

beforeEach(() => {
  document.title = BASE_TITLE;
  favicon()?.remove();
  RecordingNotification.permission = "granted";
  RecordingNotification.made = [];
  RecordingNotification.requestPermission.mockClear();
  vi.stubGlobal("Notification", RecordingNotification);
  focused = false;
  vi.spyOn(document, "hasFocus").mockImplementation(() => focused);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("the page's title and favicon (issue 21, browser mode)", () => {
  it("pageTitle and faviconHref carry the count; a flood reads 99+ and 9+, never a long number", () => {
    expect(pageTitle(0)).toBe("MCP Task Inspector");
    expect(pageTitle(3)).toBe("(3) MCP Task Inspector");
    expect(pageTitle(12_345)).toBe("(99+) MCP Task Inspector");
    expect(decodeURIComponent(faviconHref(0))).not.toContain("<text");
    expect(decodeURIComponent(faviconHref(4))).toContain(">4</text>");
    expect(decodeURIComponent(faviconHref(250))).toContain(">9+</text>");
    expect(faviconHref(1)).toMatch(/^data:image\/svg\+xml,/);
  });

  it("counts the snapshot's pending inputs, then follows events up and down to the plain title", async () => {
    const { bridge } = await renderApp({ sessions: [session()], pendingInputs: [sampling("s-a"), elicitation("e-a", { message: "Name?" })] });
    await waitFor(() => expect(document.title).toBe("(2) MCP Task Inspector"));
    expect(favicon()?.dataset.count).toBe("2");
    expect(decodeURIComponent(favicon()!.href)).toContain(">2</text>");

    bridge.emit({ type: "pendingInputAdded", payload: elicitation("e-b", { message: "Age?" }) });
    expect(document.title).toBe("(3) MCP Task Inspector");
    expect(favicon()?.dataset.count).toBe("3");

    bridge.emit(
      { type: "pendingInputAnswered", payload: { pendingInputId: "s-a", sessionId: "s1" } },
      { type: "pendingInputWithdrawn", payload: { pendingInputId: "e-a", sessionId: "s1", reason: "requestCancelled", message: "The request was cancelled" } },
      { type: "pendingInputAnswered", payload: { pendingInputId: "e-b", sessionId: "s1" } },
    );
    expect(document.title).toBe("MCP Task Inspector");
    expect(favicon()?.dataset.count).toBe("0");
    expect(decodeURIComponent(favicon()!.href)).not.toContain("<text");
  });

  it("the desktop app (host.notifiesUser) has its own badge: the page leaves title and favicon alone and shows no Web Notification", async () => {
    const { bridge } = await renderApp({ sessions: [session()], pendingInputs: [sampling("s-a")], host: { folderPicker: true, notifiesUser: true } });
    bridge.emit({ type: "pendingInputAdded", payload: elicitation("e-b", { message: "Age?" }) });
    expect(document.title).toBe(BASE_TITLE);
    expect(favicon()).toBeNull();
    expect(RecordingNotification.made).toEqual([]);
    await userEvent.click(screen.getByText("Settings"));
    expect(screen.queryByRole("button", { name: "Allow browser notifications" })).toBeNull();
  });
});

describe("Web Notifications (issue 21, browser mode)", () => {
  it("says which server waits, while the page is in the background only, and its click opens the item", async () => {
    const focusWindow = vi.spyOn(window, "focus").mockImplementation(() => {});
    const { bridge } = await renderApp({ sessions: [session()] });

    // Looked at: nothing to notify, and nothing queued for later either.
    focused = true;
    bridge.emit({ type: "pendingInputAdded", payload: elicitation("e-seen", { message: "Seen already" }) });
    focused = false;
    bridge.emit({ type: "pendingInputAdded", payload: elicitation("e-away", { message: "Your name?" }) });

    await waitFor(() => expect(RecordingNotification.made).toHaveLength(1));
    const [shown] = RecordingNotification.made;
    expect(shown!.title).toBe("Everything (demo) is waiting on you");
    expect(shown!.options).toEqual({ body: "Elicitation: Your name?", tag: "mcp-task-inspector:input:e-away" });

    shown!.onclick!({ preventDefault: () => {} });
    expect(focusWindow).toHaveBeenCalled();
    expect(shown!.closed).toBe(true);
    await waitFor(() => expect(tabNamed("Elicitations").getAttribute("aria-selected")).toBe("true"));
    await waitFor(() => expect(document.activeElement?.textContent).toContain("Your name?"));
  });

  it("requests that arrive together are one notification; answering them closes it", async () => {
    const { bridge } = await renderApp({ sessions: [session(), session({ sessionId: "s2", serverName: "Weather" })] });
    bridge.emit(
      { type: "pendingInputAdded", payload: elicitation("e-1", { message: "One?" }) },
      { type: "pendingInputAdded", payload: sampling("s-1", {}, { sessionId: "s2", serverName: "Weather" }) },
    );
    await waitFor(() => expect(RecordingNotification.made).toHaveLength(1));
    const [shown] = RecordingNotification.made;
    expect(shown!.title).toBe("2 requests are waiting on you");
    expect(shown!.options.body).toBe("Everything (demo): 1 elicitation\nWeather: 1 sampling request");

    bridge.emit({ type: "pendingInputAnswered", payload: { pendingInputId: "e-1", sessionId: "s1" } });
    expect(shown!.closed).toBe(false);
    bridge.emit({ type: "pendingInputWithdrawn", payload: { pendingInputId: "s-1", sessionId: "s2", reason: "requestCancelled", message: "The request was cancelled" } });
    expect(shown!.closed).toBe(true);
  });

  it("permission is asked from the Settings button, never on load; until granted only the title counts", async () => {
    RecordingNotification.permission = "default";
    const { bridge } = await renderApp({ sessions: [session()] });
    bridge.emit({ type: "pendingInputAdded", payload: elicitation("e-1", { message: "One?" }) });
    expect(document.title).toBe("(1) MCP Task Inspector");
    expect(RecordingNotification.requestPermission).not.toHaveBeenCalled();

    await userEvent.click(screen.getByText("Settings"));
    const settings = screen.getByRole("form", { name: "Settings" });
    await userEvent.click(within(settings).getByRole("button", { name: "Allow browser notifications" }));
    expect(RecordingNotification.requestPermission).toHaveBeenCalledTimes(1);
    await within(settings).findByText("Browser notifications are on for this page while you are in another tab.");

    bridge.emit({ type: "pendingInputAdded", payload: elicitation("e-2", { message: "Two?" }) });
    await waitFor(() => expect(RecordingNotification.made).toHaveLength(1));
    expect(RecordingNotification.made[0]!.options.body).toBe("Elicitation: Two?");
  });

  it("rate-limited like the desktop's: a request within 5 s of a notification waits, then comes grouped with what arrived meanwhile", async () => {
    const { bridge } = await renderApp({ sessions: [session()] });
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
    try {
      bridge.emit({ type: "pendingInputAdded", payload: elicitation("e-1", { message: "One?" }) });
      vi.advanceTimersByTime(GROUP_WINDOW_MS);
      expect(RecordingNotification.made.map((n) => n.title)).toEqual(["Everything (demo) is waiting on you"]);

      bridge.emit({ type: "pendingInputAdded", payload: elicitation("e-2", { message: "Two?" }) });
      vi.advanceTimersByTime(1000);
      bridge.emit({ type: "pendingInputAdded", payload: sampling("s-3") });
      vi.advanceTimersByTime(MIN_INTERVAL_MS - 1000 - 1);
      expect(RecordingNotification.made).toHaveLength(1);
      vi.advanceTimersByTime(1);
      expect(RecordingNotification.made).toHaveLength(2);
      expect(RecordingNotification.made[1]!.title).toBe("2 requests are waiting on you");
      expect(RecordingNotification.made[1]!.options.body).toBe("Everything (demo): 1 elicitation, 1 sampling request");
    } finally {
      vi.useRealTimers();
    }
  });

  it("the Notify setting off: no Web Notification, the title still counts", async () => {
    const { bridge } = await renderApp({ sessions: [session()], settings: { ...DEFAULT_SETTINGS, notificationsEnabled: false } });
    bridge.emit({ type: "pendingInputAdded", payload: elicitation("e-1", { message: "One?" }) });
    bridge.emit({ type: "settingsChanged", payload: { ...DEFAULT_SETTINGS, notificationsEnabled: true } });
    focused = false;
    bridge.emit({ type: "pendingInputAdded", payload: elicitation("e-2", { message: "Two?" }) });
    await waitFor(() => expect(RecordingNotification.made).toHaveLength(1));
    // e-1 came while notifications were off: it is not in the notification.
    expect(RecordingNotification.made[0]!.options.body).toBe("Elicitation: Two?");
    expect(document.title).toBe("(2) MCP Task Inspector");
  });
});
