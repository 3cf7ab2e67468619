// @vitest-environment happy-dom
// Issue 21: a template's Read waits for the variables its URI cannot do without (disabled, and says why);
// a read's result or error replaces the previous one, never shows above an unrelated result.
import "./setup.js";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { createFakeBridge } from "./fakeBridge.js";
import { session } from "./fixtures.js";
import { renderApp, tabNamed } from "./renderApp.js";

async function openResources(bridge = createFakeBridge()) {
  const user = userEvent.setup();
  bridge.handle("listResources", () => ({ resources: [{ uri: "note://one", name: "one" }, { uri: "note://broken", name: "broken" }] }));
  bridge.handle("listResourceTemplates", () => ({ resourceTemplates: [{ name: "Profile", uriTemplate: "users://{id}/profile{?fields}" }] }));
  bridge.handle("readResource", ({ uri }) => {
    if (uri === "note://broken") throw new Error("MCP error -32002: Resource not found");
    return { contents: [{ uri, text: `read ${uri}` }] };
  });
  await renderApp({ sessions: [session({ serverCapabilities: { resources: {} } })] }, bridge);
  await user.click(tabNamed("Resources"));
  return { user, bridge };
}

describe("resource reads (issue 21)", () => {
  it("issue 21: Read from a template is disabled, saying why, until its required variables are filled; optional ones may stay empty", async () => {
    const { user, bridge } = await openResources();
    const form = await screen.findByRole("form", { name: "Template Profile" });
    const read = within(form).getByRole("button", { name: "Read from template Profile" });
    expect(read).toHaveProperty("disabled", true);
    expect(document.getElementById(read.getAttribute("aria-describedby")!)?.textContent).toBe("Fill in id to read");
    expect(within(form).getByRole("textbox", { name: "id" }).getAttribute("aria-required")).toBe("true");
    expect(within(form).getByRole("textbox", { name: "fields" }).getAttribute("aria-required")).toBeNull();
    // Enter in a field submits the form: still nothing is sent.
    await user.type(within(form).getByRole("textbox", { name: "fields" }), "name{Enter}");
    expect(bridge.callsOf("readResource")).toEqual([]);
    await user.type(within(form).getByRole("textbox", { name: "id" }), "42");
    expect(read).toHaveProperty("disabled", false);
    expect(read.getAttribute("aria-describedby")).toBeNull();
    await user.click(read);
    await waitFor(() => expect(bridge.callsOf("readResource")).toEqual([{ sessionId: "s1", uri: "users://42/profile?fields=name" }]));
  });

  it("issue 21: an error replaces the previous result, and the next result replaces the error", async () => {
    const { user } = await openResources();
    const contents = screen.getByRole("region", { name: "Resource contents" });
    await user.click(await screen.findByRole("button", { name: "Read note://one" }));
    expect(await within(contents).findByText("read note://one")).toBeTruthy();

    await user.click(screen.getByRole("button", { name: "Read note://broken" }));
    const alert = await within(contents).findByRole("alert");
    expect(alert.textContent).toMatch(/^Could not read note:\/\/broken: MCP error -32002: Resource not found/);
    expect(within(contents).queryByText("read note://one")).toBeNull();
    expect(within(contents).queryByText("Pick a resource to read it.")).toBeNull();

    await user.click(screen.getByRole("button", { name: "Read note://one" }));
    expect(await within(contents).findByText("read note://one")).toBeTruthy();
    expect(within(contents).queryByRole("alert")).toBeNull();
  });
});
