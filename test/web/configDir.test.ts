import { describe, expect, it } from "vitest";
import { defaultConfigDir } from "../../main/web/configDir.js";

describe("browser mode's config folder", () => {
  it("follows each platform's convention, and the environment override wins", () => {
    expect(defaultConfigDir({}, "linux", "/home/ada")).toBe("/home/ada/.config/mcp-task-inspector");
    expect(defaultConfigDir({ XDG_CONFIG_HOME: "/xdg" }, "linux", "/home/ada")).toBe("/xdg/mcp-task-inspector");
    expect(defaultConfigDir({}, "darwin", "/Users/ada")).toBe("/Users/ada/Library/Application Support/mcp-task-inspector");
    expect(defaultConfigDir({ MCP_TASK_INSPECTOR_CONFIG_DIR: "/tmp/x", XDG_CONFIG_HOME: "/xdg" }, "linux", "/home/ada")).toBe("/tmp/x");
  });
});
