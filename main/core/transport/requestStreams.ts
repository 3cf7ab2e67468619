// Cancellation on 2026-07-28 over Streamable HTTP: "closing the SSE response stream is the cancellation
// signal", and no `notifications/cancelled` is expected (basic/patterns/cancellation). The SDK's transport
// has one abort for all its requests and sends a notification to cancel one, so its fetch is wrapped here:
// each request's POST gets its own abort, and its SSE body is handed on through a stream of ours that we
// can end quietly (the SDK reads a normal end, not a network error). `close(id)` does both.
import { idKey } from "../messageLog.js";

type Fetch = (url: string | URL, init?: RequestInit) => Promise<Response>;

/** Requests whose response stream can still be closed; more than this many open at once is not a real session. */
const OPEN_KEPT = 10_000;

export class RequestStreams {
  private readonly open = new Map<string | number, () => void>();

  /** A fetch for the SDK's transport whose requests' responses `close` can end. */
  wrap(inner: Fetch): Fetch {
    return async (url, init) => {
      const id = requestIdOf(init);
      if (id === undefined) return inner(url, init);
      const key = idKey(id);
      const abort = new AbortController();
      const outer = init?.signal;
      // The transport's one signal outlives every request: the listener goes once this request is over,
      // or each poll of a long task would leave one behind (a leak, and node's MaxListeners warning).
      const onOuterAbort = () => abort.abort(outer?.reason);
      outer?.addEventListener("abort", onOuterAbort, { once: true });
      const detach = () => outer?.removeEventListener("abort", onOuterAbort);
      this.remember(key, () => abort.abort("cancelled by the client"));
      let response: Response;
      try {
        response = await inner(url, { ...init, signal: abort.signal });
      } catch (error) {
        this.open.delete(key);
        detach();
        throw error;
      }
      if (!response.body || !/^text\/event-stream/i.test(response.headers.get("content-type") ?? "")) {
        this.open.delete(key);
        detach();
        return response;
      }
      const body = this.closable(key, response.body, () => abort.abort("cancelled by the client"), detach);
      return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
    };
  }

  /** Close the response stream of our request `id` (it is cancelled); false when it has none open. */
  close(id: unknown): boolean {
    const key = idKey(id);
    const close = this.open.get(key);
    if (!close) return false;
    this.open.delete(key);
    close();
    return true;
  }

  private closable(key: string | number, source: ReadableStream<Uint8Array>, abortFetch: () => void, ended: () => void): ReadableStream<Uint8Array> {
    const reader = source.getReader();
    let closed = false;
    return new ReadableStream<Uint8Array>({
      start: (controller) => {
        this.remember(key, () => {
          closed = true;
          ended();
          controller.close();
          abortFetch();
          reader.cancel().catch(() => {});
        });
      },
      pull: async (controller) => {
        try {
          const { done, value } = await reader.read();
          if (closed) return;
          if (done) {
            this.open.delete(key);
            ended();
            controller.close();
          } else controller.enqueue(value);
        } catch (error) {
          if (closed) return;
          this.open.delete(key);
          ended();
          controller.error(error);
        }
      },
      cancel: (reason) => {
        this.open.delete(key);
        ended();
        return reader.cancel(reason);
      },
    });
  }

  private remember(key: string | number, close: () => void): void {
    this.open.delete(key);
    this.open.set(key, close);
    if (this.open.size > OPEN_KEPT) this.open.delete(this.open.keys().next().value as string | number);
  }
}

/** The id of a JSON-RPC request POSTed in `init`, if it is one. */
function requestIdOf(init: RequestInit | undefined): string | number | undefined {
  if (init?.method !== "POST" || typeof init.body !== "string") return undefined;
  try {
    const message = JSON.parse(init.body) as { id?: unknown; method?: unknown };
    return typeof message.method === "string" && (typeof message.id === "string" || typeof message.id === "number") ? message.id : undefined;
  } catch {
    return undefined;
  }
}
