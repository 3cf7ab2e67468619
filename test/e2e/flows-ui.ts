// The few UI moves every end-to-end flow makes, in the words a user would use: connect a server,
// open a tab, open a tool, find a run. Only accessible roles and names, so a flow that passes also
// says the control is reachable and labelled.
import { fileURLToPath } from "node:url";
import type { Locator, Page } from "playwright-core";
import { expect } from "vitest";
import type { SavedServer } from "../../shared/types.js";

export const EVERYTHING = "Everything (demo)";

/** server-everything's async tools poll once a second; a task flow takes a few polls. */
export const FLOW_TIMEOUT_MS = 60_000;

export type TabName = "Tools" | "Tasks" | "Sampling" | "Elicitations" | "Resources" | "Prompts" | "Logs" | "Checks" | "Collections";

/** A saved stdio server that runs one of the fixtures in test/fixtures/ with this Node (and `args` after it). */
export function fixtureServer(id: string, name: string, file: string, args: string[] = []): SavedServer {
  return {
    id,
    name,
    era: "auto",
    transport: { type: "stdio", command: process.execPath, args: [fileURLToPath(new URL(`../fixtures/${file}`, import.meta.url)), ...args], env: {} },
    features: { sampling: true, elicitationForm: true, elicitationUrl: true, roots: true, receiverTasks: true },
  };
}

export function serverGroup(page: Page, name: string): Locator {
  return page.getByRole("group", { name, exact: true });
}

/** Press the server's Connect and wait until its sidebar entry says connected. */
export async function connect(page: Page, name: string): Promise<void> {
  const group = serverGroup(page, name);
  await group.getByRole("button", { name: "Connect", exact: true }).click();
  await group.getByText("connected", { exact: true }).waitFor({ timeout: FLOW_TIMEOUT_MS });
}

/** A server entry's "…" menu → one of its actions ("Edit…", "Diagnose…", "Sign out (clear tokens)", "Remove…"). */
export async function chooseServerAction(page: Page, name: string, action: string): Promise<void> {
  await serverGroup(page, name).getByRole("button", { name: `More actions for ${name}`, exact: true }).click();
  await page.getByRole("menu").getByRole("menuitem", { name: action, exact: true }).click();
}

export function tab(page: Page, name: TabName): Locator {
  return page.getByRole("tab", { name, exact: true });
}

/** A tab's badge as assistive technology reads it (its accessible description): "1 pending", or "". */
export async function tabBadge(page: Page, name: TabName): Promise<string> {
  return tab(page, name).evaluate((el) => {
    const id = el.getAttribute("aria-describedby");
    return id ? (document.getElementById(id)?.textContent ?? "") : "";
  });
}

export async function openTab(page: Page, name: TabName): Promise<void> {
  await tab(page, name).click();
  await expect.poll(() => tab(page, name).getAttribute("aria-selected")).toBe("true");
}

/** Tools tab → the tool's list entry → its argument form. */
export async function openTool(page: Page, name: string): Promise<Locator> {
  await openTab(page, "Tools");
  await page.getByRole("button", { name, exact: true }).click();
  const form = page.getByRole("form", { name: `Arguments for ${name}` });
  await form.waitFor();
  return form;
}

export function runArticle(page: Page, n: number, tool: string, asTask = false): Locator {
  return page.getByRole("article", { name: `Run ${n}: ${tool}${asTask ? " as task" : ""}`, exact: true });
}

/** Waits until `locator` shows `text` (exactly, as one element's whole text). */
export async function waitForText(locator: Locator, text: string | RegExp, timeout = FLOW_TIMEOUT_MS): Promise<void> {
  await locator.getByText(text, typeof text === "string" ? { exact: true } : {}).first().waitFor({ timeout });
}

/** The Tasks table's row for a task id (rows are virtualised; the few in these flows are all drawn). */
export function taskRow(page: Page, taskId: string): Locator {
  return page.getByRole("table", { name: "Tasks", exact: true }).getByRole("row").filter({ has: page.getByRole("cell").getByText(taskId, { exact: true }) });
}

/** The task id a run as a task shows ("task <id>"), read off the run article. */
export async function runTaskId(run: Locator): Promise<string> {
  const button = run.getByRole("button", { name: /^Show task .+ in Tasks$/ });
  await button.waitFor({ timeout: FLOW_TIMEOUT_MS });
  const label = (await button.getAttribute("aria-label")) ?? "";
  return /^Show task (.+) in Tasks$/.exec(label)![1]!;
}

/** The status cell's text of a task row. */
export function statusCell(row: Locator): Locator {
  return row.getByRole("cell").nth(3);
}

/**
 * A few minutes with the Everything demo, for tests that look at every tab: an echo run, a run as a task,
 * and a sampling and an elicitation request waiting on the user. Returns the research task's id.
 */
export async function fillEverythingTabs(page: Page, echoText: string): Promise<string> {
  const echo = await openTool(page, "echo");
  await echo.getByRole("textbox", { name: "message", exact: true }).fill(echoText);
  await echo.getByRole("button", { name: "Run", exact: true }).click();
  await waitForText(runArticle(page, 1, "echo"), `Echo: ${echoText}`);
  const research = await openTool(page, "simulate-research-query");
  await research.getByRole("textbox", { name: "topic", exact: true }).fill("coral reefs");
  await research.getByRole("button", { name: "Run as task", exact: true }).click();
  const researchTaskId = await runTaskId(runArticle(page, 2, "simulate-research-query", true));
  const sampling = await openTool(page, "trigger-sampling-request-async");
  await sampling.getByRole("textbox", { name: "prompt", exact: true }).fill("Name three tide-pool animals");
  await sampling.getByRole("button", { name: "Run", exact: true }).click();
  await (await openTool(page, "trigger-elicitation-request-async")).getByRole("button", { name: "Run", exact: true }).click();
  await runArticle(page, 4, "trigger-elicitation-request-async").waitFor();
  return researchTaskId;
}
