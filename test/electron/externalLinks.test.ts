import { describe, expect, it, vi } from "vitest";
import { authorizationPageOpener, confirmLinkDialog, createLinkOpener, openableUrl } from "../../main/electron/externalLinks.js";

function opener(answer: boolean) {
  const confirm = vi.fn(async (_url: string) => answer);
  const open = vi.fn(async (_url: string) => {});
  return { open: createLinkOpener({ confirm, open }), confirm, spy: open };
}

describe("opening external links", () => {
  it("refuses anything but http(s), without asking and without opening", async () => {
    const { open, confirm, spy } = opener(true);
    for (const url of ["file:///etc/passwd", "javascript:alert(1)", "smb://host/share", "ms-settings:privacy", "app://inspector/index.html", "data:text/html,hi", "not a url", ""]) {
      await expect(open(url), url).rejects.toThrow("Only http(s) links can be opened");
    }
    expect(confirm).not.toHaveBeenCalled();
    expect(spy).not.toHaveBeenCalled();
  });

  it("asks first, and opens only after a yes", async () => {
    const yes = opener(true);
    await expect(yes.open("https://example.com/auth?state=1")).resolves.toBe(true);
    expect(yes.confirm).toHaveBeenCalledWith("https://example.com/auth?state=1");
    expect(yes.spy).toHaveBeenCalledWith("https://example.com/auth?state=1");
    expect(yes.confirm.mock.invocationCallOrder[0]!).toBeLessThan(yes.spy.mock.invocationCallOrder[0]!);

    const no = opener(false);
    await expect(no.open("http://example.com/")).resolves.toBe(false);
    expect(no.spy).not.toHaveBeenCalled();
  });

  it("opens the normalised URL the user was shown", async () => {
    const { open, confirm, spy } = opener(true);
    await open("HTTPS://Example.COM");
    expect(confirm).toHaveBeenCalledWith("https://example.com/");
    expect(spy).toHaveBeenCalledWith("https://example.com/");
    expect(openableUrl("https://example.com/a b")).toBe("https://example.com/a%20b");
  });

  it("one confirmation at a time: a page cannot stack dialogs", async () => {
    let answer!: (value: boolean) => void;
    const confirm = vi.fn(() => new Promise<boolean>((resolve) => (answer = resolve)));
    const open = vi.fn(async () => {});
    const openLink = createLinkOpener({ confirm, open });
    const first = openLink("https://example.com/1");
    await expect(openLink("https://example.com/2")).rejects.toThrow("Another link is already waiting for your confirmation");
    answer(true);
    await expect(first).resolves.toBe(true);
    expect(confirm).toHaveBeenCalledTimes(1);
    // Free again once answered, and also after a dialog that failed.
    confirm.mockImplementationOnce(() => Promise.reject(new Error("dialog failed")));
    await expect(openLink("https://example.com/3")).rejects.toThrow("dialog failed");
    confirm.mockImplementationOnce(async () => false);
    await expect(openLink("https://example.com/4")).resolves.toBe(false);
  });

  it("the dialog shows the full URL and defaults to Cancel", () => {
    const options = confirmLinkDialog("https://example.com/x");
    expect(options.detail).toBe("https://example.com/x");
    expect(options.buttons[options.defaultId]).toBe("Cancel");
    expect(options.cancelId).toBe(options.defaultId);
    expect(options.buttons[0]).toBe("Open in browser");
  });

  it("issue 14: an authorization page opens only after the same confirmation; declining stops the sign-in with an error", async () => {
    const yes = opener(true);
    await expect(authorizationPageOpener(yes.open)("https://as.example.com/authorize?state=s")).resolves.toBeUndefined();
    expect(yes.confirm).toHaveBeenCalledWith("https://as.example.com/authorize?state=s");
    expect(yes.spy).toHaveBeenCalledWith("https://as.example.com/authorize?state=s");

    const no = opener(false);
    await expect(authorizationPageOpener(no.open)("https://as.example.com/authorize")).rejects.toThrow(/declined to open the authorization page/);
    expect(no.spy).not.toHaveBeenCalled();
    await expect(authorizationPageOpener(yes.open)("file:///etc/passwd")).rejects.toThrow("Only http(s) links can be opened");
  });
});
