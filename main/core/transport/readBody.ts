// The body of a request to one of our own loopback HTTP servers (the replay server, the conformance
// bridge), read whole but never past a cap: a peer that sends more is cut off, not buffered.
import type { IncomingMessage } from "node:http";

/** The body as UTF-8, or undefined when it grew past `maxBytes` (the request is then destroyed). */
export function readBody(req: IncomingMessage, maxBytes: number): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        req.destroy();
        resolve(undefined);
      } else chunks.push(chunk);
    });
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}
