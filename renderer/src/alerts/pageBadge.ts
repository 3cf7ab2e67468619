// Browser mode's badge (issue 21): the tab title and favicon carry the number of pending inputs, so a
// user in another tab sees that a server waits. The desktop app has the dock/taskbar badge instead.

export const BASE_TITLE = "MCP Task Inspector";

/** "(3) MCP Task Inspector", the usual way a tab says how many things wait. */
export function pageTitle(count: number, base = BASE_TITLE): string {
  return count > 0 ? `(${badgeText(count)}) ${base}` : base;
}

/** A hostile server can leave thousands waiting: the title stays short. */
export function badgeText(count: number): string {
  return count > 99 ? "99+" : String(count);
}

/**
 * The app's icon (assets/icon.png, drawn small) as an SVG data URL, with a red count in its corner when
 * something waits. data: is what the page's CSP allows for images.
 */
export function faviconHref(count: number): string {
  // Two characters at most fit on a 16 px icon.
  const text = count > 9 ? "9+" : String(count);
  const badge =
    count > 0
      ? `<circle cx="23" cy="23" r="9" fill="#c8102e" stroke="#fff" stroke-width="1.5"/>` +
        `<text x="23" y="27.5" font-family="Arial,sans-serif" font-size="${text.length > 1 ? 10 : 13}" font-weight="700" fill="#fff" text-anchor="middle">${text}</text>`
      : "";
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">` +
    `<rect x="1" y="1" width="30" height="30" rx="7" fill="#3566e0"/>` +
    `<circle cx="9" cy="10" r="2.5" fill="#fff"/><rect x="13" y="8.8" width="13" height="2.4" rx="1.2" fill="#fff"/>` +
    `<circle cx="9" cy="16" r="2.5" fill="none" stroke="#fff" stroke-width="1.3"/><rect x="13" y="14.8" width="10" height="2.4" rx="1.2" fill="#fff"/>` +
    `<circle cx="9" cy="22" r="2.5" fill="none" stroke="#fff" stroke-width="1.3"/><rect x="13" y="20.8" width="11" height="2.4" rx="1.2" fill="#fff"/>` +
    badge +
    `</svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

/** Puts the count on the document: its title and its `<link rel="icon">` (added once, then updated). */
export function showPageBadge(doc: Document, count: number): void {
  doc.title = pageTitle(count);
  let link = doc.head.querySelector<HTMLLinkElement>('link[rel="icon"]');
  if (!link) {
    link = doc.createElement("link");
    link.rel = "icon";
    link.type = "image/svg+xml";
    doc.head.append(link);
  }
  link.href = faviconHref(count);
  // Tests and assistive tools can read the number without decoding the picture.
  link.dataset.count = String(count);
}
