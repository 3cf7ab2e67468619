import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { everythingDemoServer } from "../../main/electron/demoServer.js";
import { createHarness } from "../helpers/harness.js";

describe("the built-in Everything (demo) entry", () => {
  it("runs server-everything's script with `node` from PATH; packaged, from the asar-unpacked folder", () => {
    const dev = everythingDemoServer("/home/u/mcp-task-inspector");
    expect(dev).toMatchObject({ id: "everything-demo", name: "Everything (demo)", builtIn: true });
    expect(dev.transport).toEqual({
      type: "stdio",
      command: "node",
      args: ["/home/u/mcp-task-inspector/node_modules/@modelcontextprotocol/server-everything/dist/index.js", "stdio"],
      env: {},
    });
    const packaged = everythingDemoServer("/opt/MCP Task Inspector/resources/app.asar");
    expect(packaged.transport.type === "stdio" && packaged.transport.args[0]).toBe(
      "/opt/MCP Task Inspector/resources/app.asar.unpacked/node_modules/@modelcontextprotocol/server-everything/dist/index.js",
    );
  });

  it("is listed first and connects for real, from the project folder as the app path", async () => {
    const appPath = fileURLToPath(new URL("../../", import.meta.url)).replace(/\/$/, "");
    const { core } = createHarness({ builtInServers: [everythingDemoServer(appPath)] });
    const [demo] = await core.dispatch("listServers", {});
    expect(demo).toMatchObject({ id: "everything-demo", builtIn: true });
    const session = await core.dispatch("connect", { server: { name: demo!.name, transport: demo!.transport, features: demo!.features } });
    expect(session.state).toBe("connected");
    expect(session.serverInfo?.name).toMatch(/everything/i);
  });
});
