// Open recording… and Compare… in browser mode, with hostile files sent over the real WebSocket to the
// real core: a value nested 100,000 deep in a request, a response or the header is refused with an error
// naming the line and the depth, and the core goes on answering (the bounds scan runs before any object
// is built, so nothing downstream can overflow its stack).
import { describe, expect, it } from "vitest";
import { HOSTILE_RECORDINGS, PLAIN_RECORDING } from "../fixtures/recordings/hostile.js";
import { rawClient, startTestWebServer } from "./fixture.js";

describe("browser-mode core and hostile recordings", () => {
  it("openRecording and diffRecordings refuse each 100,000-deep file by depth and line, and the core still answers", async () => {
    const test = await startTestWebServer();
    const client = await rawClient(test);
    let id = 1;
    for (const [where, { line, text }] of Object.entries(HOSTILE_RECORDINGS)) {
      const opened = await client.request(id++, { type: "call", method: "openRecording", params: { text: text() } });
      expect(opened.ok, where).toBe(false);
      expect(opened.error!.message).toContain(`The recording is nested deeper than 128 levels at line ${line}; it was not read`);
      const compared = await client.request(id++, { type: "call", method: "diffRecordings", params: { a: PLAIN_RECORDING, b: text() } });
      expect(compared.ok).toBe(false);
      expect(compared.error!.message).toContain(`The second recording: The recording is nested deeper than 128 levels at line ${line}`);
    }
    // Still alive, same socket: a plain recording opens and the server list answers.
    const plain = await client.request(id++, { type: "call", method: "openRecording", params: { text: PLAIN_RECORDING } });
    expect(plain.ok).toBe(true);
    expect((plain.result as { entries: unknown[] }).entries).toHaveLength(3);
    const servers = await client.request(id++, { type: "call", method: "listServers", params: {} });
    expect(servers.ok).toBe(true);
  });
});
