// One list walked page by page (tools/list, resources/list, prompts/list, templates, tasks/list), for the
// UI and the core alike: a cursor the server hands out a second time, or pages without end, stop the walk
// with one sentence saying so, never a loop (a Tools tab once asked for tools/list a hundred times a second).

/** More pages than any real list has; a walk past it is a server that never ends its list. */
export const MAX_LIST_PAGES = 1000;

/**
 * Follows `nextCursor` from the first page until a page has none, or `onPage` answers true (found what it
 * looked for). Returns why the walk stopped early (a repeated cursor, too many pages), or undefined.
 */
export async function walkPages<P extends { nextCursor?: string | undefined }>(method: string, page: (cursor: string | undefined) => Promise<P>, onPage: (page: P) => boolean | void, maxPages = MAX_LIST_PAGES): Promise<string | undefined> {
  const seen = new Set<string>();
  let cursor: string | undefined;
  for (let pages = 1; ; pages++) {
    const got = await page(cursor);
    if (onPage(got) === true) return undefined;
    const next = got.nextCursor;
    if (next === undefined || next === "") return undefined;
    if (seen.has(next) || next === cursor) return `Protocol violation: ${method} answered the cursor ${shown(next)} a second time (page ${pages}); the list stopped there, with what the pages before it held.`;
    if (pages >= maxPages) return `${method} still had a nextCursor after ${maxPages} pages; the list stopped there.`;
    seen.add(next);
    cursor = next;
  }
}

function shown(cursor: string): string {
  return JSON.stringify(cursor.length > 60 ? `${cursor.slice(0, 60)}…` : cursor);
}
