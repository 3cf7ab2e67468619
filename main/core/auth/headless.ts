// For authorization servers that approve without a person (the conformance runner's, CI, the tests'
// fixture): follow the authorization URL the way a browser would, until the redirect reaches our loopback
// receiver. The CLI uses it when asked to; the desktop app and the page always use a real browser.
const MAX_REDIRECTS = 10;

export async function followAuthorizationHeadlessly(authorizationUrl: string, timeoutMs = 30_000): Promise<void> {
  let url = authorizationUrl;
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    const response = await fetch(url, { redirect: "manual", signal: AbortSignal.timeout(timeoutMs) });
    await response.body?.cancel().catch(() => {});
    const location = response.headers.get("location");
    if (response.status < 300 || response.status >= 400 || !location) {
      // The loopback receiver answered (or the page wanted a person): nothing more to follow.
      if (response.status >= 400) throw new Error(`the authorization page answered HTTP ${response.status} at ${new URL(url).origin}${new URL(url).pathname}`);
      return;
    }
    url = new URL(location, url).href;
    if (!/^https?:/i.test(url)) throw new Error(`the authorization page redirected to a non-http URL`);
  }
  throw new Error(`the authorization page redirected more than ${MAX_REDIRECTS} times`);
}
