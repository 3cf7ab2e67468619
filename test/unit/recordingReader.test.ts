// The recording reader against hostile files: a line nested 100,000 deep in a request, a response or the
// header is refused before anything walks it (the error names the line and the depth); a named pipe is
// refused at once, never opened for a blocking read; every cannot-open reason is a sentence.
import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { cannotOpen, parseRecording, readRecording, RecordingError } from "../../main/core/recordings/reader.js";
import { jsonBoundsProblem, RECORDING_JSON_BOUNDS } from "../../main/core/recordings/jsonBounds.js";
import { openRecordingText } from "../../main/core/recordings/sessionRecording.js";
import { HOSTILE_RECORDINGS, nested, PLAIN_RECORDING } from "../fixtures/recordings/hostile.js";

const folder = mkdtempSync(join(tmpdir(), "rec-reader-"));

describe("recording reader bounds", () => {
  for (const [where, { line, text }] of Object.entries(HOSTILE_RECORDINGS)) {
    it(`a value nested 100,000 deep in a ${where} is refused by depth, naming line ${line} (file, text and Open recording… alike)`, () => {
      const expected = `The recording is nested deeper than 128 levels at line ${line}; it was not read`;
      const file = join(folder, `${where}.mcprec`);
      writeFileSync(file, text());
      expect(() => readRecording(file)).toThrow(new RecordingError(expected));
      expect(() => parseRecording(text())).toThrow(new RecordingError(expected));
      expect(() => openRecordingText(text())).toThrow(new RecordingError(expected));
      // The same line without its newline (the file's last line) is named for its depth, not called "cut off".
      expect(() => parseRecording(text().trimEnd())).toThrow(new RecordingError(expected));
    });
  }

  it("depth is counted outside strings only: brackets inside a string (escaped quotes too) do not count", () => {
    expect(jsonBoundsProblem(JSON.stringify({ text: nested(1000) }))).toBeUndefined();
    expect(jsonBoundsProblem(JSON.stringify({ text: `\\"${"[".repeat(1000)}` }))).toBeUndefined();
    expect(jsonBoundsProblem(nested(128))).toBeUndefined();
    expect(jsonBoundsProblem(nested(129))).toEqual({ kind: "depth", limit: 128 });
  });

  it("key count and string length are bounded too", () => {
    const bounds = { ...RECORDING_JSON_BOUNDS, members: 10, stringLength: 5 };
    expect(jsonBoundsProblem(JSON.stringify(Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`k${i}`, i]))), bounds)).toEqual({ kind: "members", limit: 10 });
    expect(jsonBoundsProblem('{"a":"123456"}', bounds)).toEqual({ kind: "string", limit: 5 });
    expect(jsonBoundsProblem('{"a":"12345"}', bounds)).toBeUndefined();
  });

  it("a named pipe is refused at once without waiting for a writer; a folder is named as one", () => {
    const fifo = join(folder, "pipe.mcprec");
    execFileSync("mkfifo", [fifo]);
    // If the reader opened the pipe for a blocking read, this call would never return (no writer ever comes).
    expect(() => readRecording(fifo)).toThrow(new RecordingError(`${fifo} is a named pipe, not a recording file; it was not read`));
    expect(() => readRecording(folder)).toThrow(new RecordingError(`${folder} is a folder, not a recording file; it was not read`));
    expect(() => readRecording("/dev/zero")).toThrow(new RecordingError("/dev/zero is a device, not a recording file; it was not read"));
    writeFileSync(join(folder, "plain.mcprec"), PLAIN_RECORDING);
    expect(readRecording(join(folder, "plain.mcprec")).lines).toHaveLength(3);
  });

  it("cannot-open reasons are sentences, the code only in brackets", () => {
    const error = (code: string) => Object.assign(new Error(`${code}: raw`), { code });
    expect(cannotOpen("/r.mcprec", error("EACCES"))).toBe("Cannot open /r.mcprec: you are not allowed to read it (EACCES)");
    expect(cannotOpen("/r.mcprec", error("ENOENT"))).toBe("Cannot open /r.mcprec: there is no such file (ENOENT)");
    expect(() => readRecording(join(folder, "missing.mcprec"))).toThrow(/^Cannot open .*missing\.mcprec: there is no such file \(ENOENT\)$/);
  });
});
