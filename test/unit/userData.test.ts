// The user's saved servers and settings, read from real files: one bad entry or a hand edit's trailing
// comma once made every saved server disappear, and the next save overwrote the file. Now every valid
// entry loads, nothing is dropped silently (the original is kept in a dated backup next to it), and the
// user is told which file, what was wrong and where the backup is. Secrets are sealed at rest.
import { mkdtemp, readdir, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { InspectorCore } from "../../main/core/index.js";
import type { SecretCodec } from "../../main/core/secrets.js";
import { JsonFileStorage } from "../../main/core/storage.js";

const good = (name: string, env: Record<string, string> = {}) => ({
  id: name,
  name,
  transport: { type: "stdio", command: "node", args: [`${name}.js`], env },
  features: { sampling: true, elicitationForm: true, elicitationUrl: true, roots: true, receiverTasks: true },
});

async function coreOn(dir: string, secrets?: SecretCodec) {
  const core = new InspectorCore({ storage: new JsonFileStorage(dir), ...(secrets ? { secrets } : {}) });
  await core.ready;
  return core;
}

/** A keychain stand-in: reversible, and visibly not the plain text. */
const keychain: SecretCodec = {
  available: true,
  description: "encrypted with the test keychain",
  encrypt: (plain) => Buffer.from(`k:${plain}`).toString("base64"),
  decrypt: (cipher) => {
    const text = Buffer.from(cipher, "base64").toString();
    if (!text.startsWith("k:")) throw new Error("not ours");
    return text.slice(2);
  },
};

describe("saved servers that do not load as they are", () => {
  it("one invalid entry: every valid one loads, the file is copied to a dated backup first, and the user is told which entry and why", async () => {
    const dir = await mkdtemp(join(tmpdir(), "user-data-"));
    const original = JSON.stringify([good("alpha"), { ...good("broken"), transport: { type: "stdio", command: "" } }, good("gamma")], null, 2);
    await writeFile(join(dir, "servers.json"), original);
    const core = await coreOn(dir);
    expect((await core.dispatch("listServers", {})).map((s) => s.name)).toEqual(["alpha", "gamma"]);
    const { storage } = await core.dispatch("getSnapshot", {});
    expect(storage?.problems).toEqual([
      {
        file: join(dir, "servers.json"),
        problem: 'one entry was not loaded as saved: entry 2 ("broken"): transport.command: command must not be empty',
        backup: expect.stringMatching(/servers\.backup-[\d-]+T[\d-]+Z\.json$/),
      },
    ]);
    // The next save writes the valid entries; the broken one is still in the backup.
    await core.dispatch("saveServer", { server: { name: "delta", transport: { type: "stdio", command: "x" } } });
    expect(await readFile(storage!.problems[0]!.backup!, "utf8")).toBe(original);
  });

  it("a trailing comma from a hand edit: the file is moved aside (never overwritten), the user sees the line and the backup, and can go on", async () => {
    const dir = await mkdtemp(join(tmpdir(), "user-data-"));
    const original = `[\n  ${JSON.stringify(good("alpha"))},\n]`;
    await writeFile(join(dir, "servers.json"), original);
    const core = await coreOn(dir);
    const { storage } = await core.dispatch("getSnapshot", {});
    expect(storage?.problems).toHaveLength(1);
    expect(storage!.problems[0]!.problem).toMatch(/^line 2, column \d+: a trailing comma before "\]"$/);
    const backup = storage!.problems[0]!.backup!;
    expect(await readFile(backup, "utf8")).toBe(original);
    await core.dispatch("saveServer", { server: { name: "new", transport: { type: "stdio", command: "x" } } });
    expect(await readFile(backup, "utf8")).toBe(original);
    expect((await readdir(dir)).sort()).toEqual(["servers.json", backup.slice(dir.length + 1)].sort());
  });

  it("settings with one bad value keep the others, use the default for that one, and say so", async () => {
    const dir = await mkdtemp(join(tmpdir(), "user-data-"));
    await writeFile(join(dir, "settings.json"), JSON.stringify({ logLimit: 7, requestTimeoutMs: 5000, colour: "blue" }));
    const core = await coreOn(dir);
    const { settings, storage } = await core.dispatch("getSnapshot", {});
    expect(settings.requestTimeoutMs).toBe(5000);
    expect(settings.logLimit).toBe(5000);
    expect(storage?.problems[0]).toMatchObject({ file: join(dir, "settings.json"), problem: expect.stringMatching(/^logLimit: .*\(the default is used\); colour: not a setting$/) });
  });
});

describe("secrets at rest", () => {
  it("with a keychain: env and header values are sealed on disk, and read back", async () => {
    const dir = await mkdtemp(join(tmpdir(), "user-data-"));
    const core = await coreOn(dir, keychain);
    await core.dispatch("saveServer", { server: { name: "api", transport: { type: "stdio", command: "x", env: { API_KEY: "sk-live-123" } } } });
    await core.dispatch("saveServer", { server: { name: "remote", transport: { type: "streamableHttp", url: "https://example.com/mcp", headers: { Authorization: "Bearer tok-456" } } } });
    const onDisk = await readFile(join(dir, "servers.json"), "utf8");
    expect(onDisk).not.toContain("sk-live-123");
    expect(onDisk).not.toContain("tok-456");
    expect(onDisk).toContain('"$encrypted"');
    const again = await coreOn(dir, keychain);
    const servers = await again.dispatch("listServers", {});
    expect(servers.find((s) => s.name === "api")?.transport).toMatchObject({ env: { API_KEY: "sk-live-123" } });
    expect(servers.find((s) => s.name === "remote")?.transport).toMatchObject({ headers: { Authorization: "Bearer tok-456" } });
    expect((await again.dispatch("getSnapshot", {})).storage).toEqual({ problems: [], secrets: { encrypted: true, description: "encrypted with the test keychain" } });
  });

  it("a value that cannot be decrypted (keychain changed): the entry still loads, that value is empty and named, the original is backed up", async () => {
    const dir = await mkdtemp(join(tmpdir(), "user-data-"));
    const sealed = { ...good("api"), transport: { type: "stdio", command: "node", args: [], env: { API_KEY: { $encrypted: "bm90IG91cnM=" }, PLAIN: "ok" } } };
    await writeFile(join(dir, "servers.json"), JSON.stringify([sealed]));
    const core = await coreOn(dir, keychain);
    const [api] = await core.dispatch("listServers", {});
    expect(api?.transport).toMatchObject({ env: { API_KEY: "", PLAIN: "ok" } });
    const { storage } = await core.dispatch("getSnapshot", {});
    expect(storage?.problems[0]?.problem).toContain('entry 1 ("api"): env.API_KEY could not be decrypted and must be entered again');
    expect(storage?.problems[0]?.backup).toBeTruthy();
  });

  it("without a keychain (browser mode): stored as typed, and the user is told they are not encrypted", async () => {
    const dir = await mkdtemp(join(tmpdir(), "user-data-"));
    const core = await coreOn(dir);
    await core.dispatch("saveServer", { server: { name: "api", transport: { type: "stdio", command: "x", env: { API_KEY: "sk-live-123" } } } });
    expect(await readFile(join(dir, "servers.json"), "utf8")).toContain("sk-live-123");
    expect((await core.dispatch("getSnapshot", {})).storage?.secrets).toEqual({ encrypted: false, description: expect.stringMatching(/stored unencrypted, readable only by your user/) });
  });
});
