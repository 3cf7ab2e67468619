import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { API_METHOD_NAMES } from "../../shared/channels.js";
import { API_METHODS, type InspectorBridge } from "../../shared/contract.js";
import { channelFor, EVENTS_CHANNEL } from "../../main/electron/constants.js";
import { contextBridge, ipcRenderer, resetFakeElectron } from "./fakeElectron.js";

vi.mock("electron", () => import("./fakeElectron.js"));

let exposed: InspectorBridge;

beforeAll(async () => {
  resetFakeElectron();
  await import("../../main/electron/preload.js");
  expect(contextBridge.exposeInMainWorld).toHaveBeenCalledTimes(1);
  const [key, api] = contextBridge.exposeInMainWorld.mock.calls[0] as [string, InspectorBridge];
  expect(key).toBe("inspector");
  exposed = api;
});

beforeEach(() => {
  ipcRenderer.invoke.mockReset();
  ipcRenderer.on.mockClear();
  ipcRenderer.removeListener.mockClear();
});

describe("preload", () => {
  it("exposes exactly the contract on window.inspector: every API method plus onEvents, all functions, nothing else", async () => {
    const api = exposed;
    expect(Object.keys(api).sort()).toEqual([...API_METHODS, "onEvents"].sort());
    for (const value of Object.values(api)) expect(typeof value).toBe("function");
    // No ipcRenderer (or anything with send/invoke/on) reaches the page.
    expect(Object.values(api)).not.toContain(ipcRenderer);
    expect("invoke" in api || "send" in api || "on" in api || "ipcRenderer" in api).toBe(false);
  });

  it("keeps the names list equal to the contract (order included)", () => {
    expect([...API_METHOD_NAMES]).toEqual(API_METHODS);
  });

  it("invokes each method on its own channel with the params, and returns main's value", async () => {
    const api = exposed;
    ipcRenderer.invoke.mockResolvedValue({ ok: true, value: { roundTripMs: 3 } });
    await expect(api.ping({ sessionId: "s1" })).resolves.toEqual({ roundTripMs: 3 });
    expect(ipcRenderer.invoke).toHaveBeenLastCalledWith(channelFor("ping"), { sessionId: "s1" });
    for (const method of API_METHODS) {
      await (api[method] as (p: unknown) => Promise<unknown>)({});
      expect(ipcRenderer.invoke).toHaveBeenLastCalledWith(channelFor(method), {});
    }
  });

  it("rethrows main's error with main's message and name, so the UI shows the reason", async () => {
    const api = exposed;
    ipcRenderer.invoke.mockResolvedValue({ ok: false, error: { name: "InvalidPayloadError", message: "Invalid payload for ping: sessionId: too short" } });
    const error = await api.ping({ sessionId: "" }).catch((e: unknown) => e as Error);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toBe("Invalid payload for ping: sessionId: too short");
    expect((error as Error).name).toBe("InvalidPayloadError");
    ipcRenderer.invoke.mockResolvedValue(undefined);
    await expect(api.listServers({})).rejects.toThrow("The inspector's main process gave no answer");
  });

  it("onEvents hands the page only the batch (never the IPC event, whose sender is ipcRenderer) and unsubscribes exactly its listener", async () => {
    const api = exposed;
    const received: unknown[][] = [];
    const off = api.onEvents((events) => received.push(events));
    expect(ipcRenderer.on).toHaveBeenCalledTimes(1);
    const [channel, forward] = ipcRenderer.on.mock.calls[0] as [string, (event: unknown, batch: unknown) => void];
    expect(channel).toBe(EVENTS_CHANNEL);

    const ipcEvent = { sender: ipcRenderer, senderId: 0 };
    const batch = [{ type: "stderrLine", payload: { sessionId: "s", line: "hi" } }];
    forward(ipcEvent, batch);
    forward(ipcEvent, "not a batch");
    expect(received).toEqual([batch]);

    off();
    expect(ipcRenderer.removeListener).toHaveBeenCalledWith(EVENTS_CHANNEL, forward);
    expect(() => api.onEvents("nope" as never)).toThrow("onEvents needs a listener function");
  });

  it("imports nothing but electron at run time, so it loads in the sandbox", () => {
    // Walk the preload's value imports (type-only ones are erased by the bundler).
    const root = fileURLToPath(new URL("../../", import.meta.url));
    const bare = new Set<string>();
    const seen = new Set<string>();
    const visit = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      const source = readFileSync(file, "utf8");
      for (const match of source.matchAll(/^\s*(?:import|export)\s+(?!type\b)(?:[^'";]*?\sfrom\s+)?["']([^"']+)["']/gm)) {
        const spec = match[1]!;
        if (spec.startsWith(".")) visit(resolve(dirname(file), spec.replace(/\.js$/, ".ts")));
        else bare.add(spec);
      }
    };
    visit(resolve(root, "main/electron/preload.ts"));
    expect([...bare]).toEqual(["electron"]);
    expect([...seen].map((f) => f.slice(root.length)).sort()).toEqual(["main/electron/bridge.ts", "main/electron/constants.ts", "main/electron/preload.ts", "shared/channels.ts"]);
  });
});
