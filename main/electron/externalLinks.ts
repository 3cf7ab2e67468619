// Links leave the app only one way: http(s), after the user said yes in a main-process dialog. The
// renderer asks too, but a renderer can be compromised; this is the check that holds.

/** The URL to open, normalised, or undefined when it is not an http(s) URL. */
export function openableUrl(raw: string): string | undefined {
  try {
    const url = new URL(raw);
    return url.protocol === "http:" || url.protocol === "https:" ? url.href : undefined;
  } catch {
    return undefined;
  }
}

export interface LinkOpenerDeps {
  /** Ask the user; resolves true only on an explicit yes. */
  confirm(url: string): Promise<boolean>;
  /** Hand the URL to the OS browser (shell.openExternal). */
  open(url: string): Promise<void>;
}

/**
 * Returns the function the core's `openExternal` and the window's link handlers use. One dialog at a
 * time: a page cannot stack confirmations by calling in a loop. Resolves true when the link opened,
 * false when the user declined (not an error: nothing else should happen then).
 */
export function createLinkOpener(deps: LinkOpenerDeps): (raw: string) => Promise<boolean> {
  let asking = false;
  return async (raw) => {
    const url = openableUrl(raw);
    if (!url) throw new Error("Only http(s) links can be opened");
    if (asking) throw new Error("Another link is already waiting for your confirmation");
    asking = true;
    let confirmed: boolean;
    try {
      confirmed = await deps.confirm(url);
    } finally {
      asking = false;
    }
    if (!confirmed) return false;
    await deps.open(url);
    return true;
  };
}

/** The dialog's wording and buttons; "Cancel" is the default so Enter never opens a link by accident. */
export function confirmLinkDialog(url: string) {
  return {
    type: "question" as const,
    buttons: ["Open in browser", "Cancel"],
    defaultId: 1,
    cancelId: 1,
    noLink: true,
    title: "Open link",
    message: "Open this link in your browser?",
    detail: url,
  };
}

/**
 * Issue 14: the core's `openAuthorizationPage`. The authorization page goes through the same confirmation
 * as any link (the URL comes from a server's metadata, so it is the server's choice); declining ends the
 * sign-in at once instead of leaving it waiting for its time-out.
 */
export function authorizationPageOpener(openLink: (raw: string) => Promise<boolean>): (url: string) => Promise<void> {
  return async (url) => {
    if (!(await openLink(url))) throw new Error("You declined to open the authorization page, so the sign-in was stopped");
  };
}
