// Saved servers and settings survive restarts, and a crash mid-write never leaves a torn file.
import { chmod, mkdtemp, readdir, readFile, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";

// A crash between writing the new content and renaming it into place is simulated by failing the
// rename; `beforeRename` lets a test look at the disk at exactly that moment.
const hooks = vi.hoisted(() => ({ failRename: false, beforeRename: undefined as undefined | ((from: string, to: string) => Promise<void>) }));
vi.mock("node:fs/promises", async (importOriginal) => {
  const real = await importOriginal<typeof import("node:fs/promises")>();
  return {
    ...real,
    rename: async (from: string, to: string) => {
      await hooks.beforeRename?.(from, to);
      if (hooks.failRename) throw Object.assign(new Error("simulated crash before rename"), { code: "EIO" });
      return real.rename(from, to);
    },
  };
});

const { JsonFileStorage, UnreadableStorageError } = await import("../../main/core/storage.js");

afterEach(() => {
  hooks.failRename = false;
  hooks.beforeRename = undefined;
});

const tempDir = () => mkdtemp(join(tmpdir(), "storage-test-"));

describe("JsonFileStorage", () => {
  it("round-trips values and reports a missing file as undefined", async () => {
    const storage = new JsonFileStorage(join(await tempDir(), "nested", "dir"));
    expect(await storage.read("servers")).toBeUndefined();
    await storage.write("servers", [{ name: "a" }]);
    expect(await storage.read("servers")).toEqual([{ name: "a" }]);
  });

  it("writes the whole new content beside the file before it replaces the old one", async () => {
    const dir = await tempDir();
    const storage = new JsonFileStorage(dir);
    await storage.write("settings", { version: 1 });
    const seen: { target: unknown; temp: unknown }[] = [];
    hooks.beforeRename = async (from, to) => {
      seen.push({ target: JSON.parse(await readFile(to, "utf8")), temp: JSON.parse(await readFile(from, "utf8")) });
    };
    await storage.write("settings", { version: 2, big: "x".repeat(100_000) });
    expect(seen).toHaveLength(1);
    expect(seen[0]?.target).toEqual({ version: 1 });
    expect(seen[0]?.temp).toMatchObject({ version: 2 });
    expect(await storage.read("settings")).toMatchObject({ version: 2 });
  });

  it("a crash before the rename leaves the old file intact and no temporary file behind", async () => {
    const dir = await tempDir();
    const storage = new JsonFileStorage(dir);
    await storage.write("servers", ["old"]);
    hooks.failRename = true;
    await expect(storage.write("servers", ["new"])).rejects.toThrow(/simulated crash/);
    expect(await storage.read("servers")).toEqual(["old"]);
    expect(await readdir(dir)).toEqual(["servers.json"]);
  });

  it("writes issued together land in order: the last one wins", async () => {
    const storage = new JsonFileStorage(await tempDir());
    await Promise.all(Array.from({ length: 20 }, (_, i) => storage.write("settings", { i })));
    expect(await storage.read("settings")).toEqual({ i: 19 });
  });

  it("a file edited by hand into invalid JSON is moved aside to a dated backup, and the error says where and what", async () => {
    const dir = await tempDir();
    await writeFile(join(dir, "settings.json"), '{\n  "logLimit": 50,\n}');
    const error = await new JsonFileStorage(dir).read("settings").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnreadableStorageError);
    const { file, problem, backup } = error as InstanceType<typeof UnreadableStorageError>;
    expect(file).toBe(join(dir, "settings.json"));
    expect(problem).toBe("line 3, column 1: Expected double-quoted property name");
    expect(backup).toMatch(/settings\.unreadable-\d{4}-\d\d-\d\dT[\d-]+Z\.json$/);
    expect(await readFile(backup!, "utf8")).toBe('{\n  "logLimit": 50,\n}');
    expect(await readdir(dir)).not.toContain("settings.json");
  });

  it.runIf(process.platform !== "win32")("files are written 0600 and the folder is 0700, an existing 0755 folder included", async () => {
    const dir = await tempDir();
    await chmod(dir, 0o755);
    const storage = new JsonFileStorage(dir);
    await storage.write("servers", [{ secret: "sk-live" }]);
    expect((await stat(join(dir, "servers.json"))).mode & 0o777).toBe(0o600);
    expect((await stat(dir)).mode & 0o777).toBe(0o700);
    const copy = await storage.backup("servers");
    expect((await stat(copy!)).mode & 0o777).toBe(0o600);
  });

  it.runIf(process.platform !== "win32")("a damaged 0644 file moved aside (unreadable) or copied (backup) is 0600 like the rest, from the moment it exists", async () => {
    const dir = await tempDir();
    await writeFile(join(dir, "settings.json"), "{ not json", { mode: 0o644 });
    await chmod(join(dir, "settings.json"), 0o644);
    let modeWhenMoved: number | undefined;
    hooks.beforeRename = async (from) => {
      modeWhenMoved = (await stat(from)).mode & 0o777;
    };
    const error = (await new JsonFileStorage(dir).read("settings").catch((e: unknown) => e)) as InstanceType<typeof UnreadableStorageError>;
    expect(error.backup).toMatch(/settings\.unreadable-/);
    expect(modeWhenMoved).toBe(0o600);
    expect((await stat(error.backup!)).mode & 0o777).toBe(0o600);

    await writeFile(join(dir, "servers.json"), JSON.stringify([{ name: "kept", env: { API_KEY: "sk-live" } }]), { mode: 0o644 });
    await chmod(join(dir, "servers.json"), 0o644);
    const copy = await new JsonFileStorage(dir).backup("servers");
    expect(copy).toMatch(/servers\.backup-/);
    expect((await stat(copy!)).mode & 0o777).toBe(0o600);
    expect(await readFile(copy!, "utf8")).toContain("sk-live");
  });

  it("refuses names that could escape its folder", async () => {
    const storage = new JsonFileStorage(await tempDir());
    await expect(storage.write("../evil", {})).rejects.toThrow(/Invalid storage name/);
  });
});
