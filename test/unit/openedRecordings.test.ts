// Issue 33: the core's opened recordings. A fetch of a range not read yet waits for it; closing the
// recording (or opening more than are kept) ends that wait with an error saying so, and the reading stops.
import { describe, expect, it } from "vitest";
import { FIRST_PAGE, OpenedRecordings, OPENED_KEPT } from "../../main/core/recordings/openedRecordings.js";
import { readRecordingText } from "../../main/core/recordings/sessionRecording.js";
import { bigRecording } from "../fixtures/recordings/big.js";
import { PLAIN_RECORDING } from "../fixtures/recordings/hostile.js";

describe("opened recordings in the core (issue 33)", () => {
  it("a range still being read is waited for and then is the same as a whole read gives", async () => {
    const text = bigRecording(30_000);
    const opened = new OpenedRecordings();
    const { handle, entries, total } = opened.open(text);
    expect(entries).toHaveLength(FIRST_PAGE);
    expect(total).toBeUndefined();
    const last = await opened.entries(handle, 29_000, 5_000);
    expect(last.entries).toEqual(readRecordingText(text).entries.slice(29_000));
    expect(last.total).toBe(30_000);
  });

  it("closed, or pushed out by newer ones, while a fetch waits: the fetch says so", async () => {
    const opened = new OpenedRecordings();
    const closing = opened.open(bigRecording(30_000)).handle;
    const waiting = opened.entries(closing, 29_000, 10);
    opened.close(closing);
    await expect(waiting).rejects.toThrow(`The recording ${closing} is no longer open (it was closed): open it again`);

    const pushed = opened.open(bigRecording(30_000)).handle;
    const views = opened.views(pushed);
    for (let i = 0; i < OPENED_KEPT; i++) opened.open(PLAIN_RECORDING);
    await expect(views).rejects.toThrow(`The recording ${pushed} is no longer open (it was closed: a newer recording was opened): open it again`);
    await expect(opened.entries(pushed, 0, 10)).rejects.toThrow(`The recording ${pushed} is no longer open: open it again`);
  });
});
