// Output for people (without --json): the parts of a result a person reads, the rest as indented JSON.
import type { CliArgs } from "./args.js";
import type { Progress } from "../../shared/types.js";
import { printSkillsHuman } from "./skills.js";

type Write = (text: string) => void;

/**
 * Server text made safe for a terminal: control characters (ESC, CR, BEL, C1…) would be markup there (clear
 * the screen, retitle the window, redraw a line to hide another), so they are shown as \x1b and the like.
 * A bidi embedding, override or isolate would make a line read as another in a terminal that reorders
 * text, so it is shown as \u202e and the like. Newlines and tabs stay.
 */
export function printable(text: string): string {
  return text.replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g, (c) => {
    const code = c.charCodeAt(0);
    return code > 0xff ? `\\u${code.toString(16)}` : `\\x${code.toString(16).padStart(2, "0")}`;
  });
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function str(value: unknown): string {
  return typeof value === "string" ? value : "";
}

/**
 * One line for a list item: its name and the first line of its description that says something (a
 * description written as an indented template literal starts with a line break and spaces).
 */
function line(name: string, description: unknown): string {
  const first = firstWords(str(description));
  return first ? `${name}  ${first.length > 160 ? `${first.slice(0, 160)}…` : first}\n` : `${name}\n`;
}

/** The first non-blank line, trimmed; found by walking the lines, so a hostile megabyte is not split whole. */
function firstWords(text: string): string {
  for (let start = 0; start < text.length; ) {
    let end = text.indexOf("\n", start);
    if (end < 0) end = text.length;
    const words = text.slice(start, Math.min(end, start + 1000)).trim();
    if (words) return words;
    start = end + 1;
  }
  return "";
}

function printContent(content: unknown, write: Write): void {
  for (const item of Array.isArray(content) ? content : []) {
    if (isObject(item) && item.type === "text" && typeof item.text === "string") write(item.text.endsWith("\n") ? item.text : `${item.text}\n`);
    else if (isObject(item) && (item.type === "image" || item.type === "audio")) write(`[${item.type} ${str(item.mimeType)}, ${str(item.data).length} base64 characters]\n`);
    else if (isObject(item) && item.type === "resource_link") write(`[resource link ${str(item.uri)}]\n`);
    else write(`${JSON.stringify(item, null, 2)}\n`);
  }
}

export function printHuman(args: CliArgs, document: Record<string, unknown>, rawWrite: Write): void {
  const write: Write = (text) => rawWrite(printable(text));
  switch (args.command) {
    case "tools":
      for (const tool of document.tools as Record<string, unknown>[]) {
        const support = isObject(tool.execution) && typeof tool.execution.taskSupport === "string" ? ` [task: ${tool.execution.taskSupport}]` : "";
        write(line(str(tool.name) + support, tool.description));
      }
      return;
    case "resources":
      for (const r of document.resources as Record<string, unknown>[]) write(line(`${str(r.uri)}  (${str(r.name)})`, r.description));
      return;
    case "templates":
      for (const t of document.resourceTemplates as Record<string, unknown>[]) write(line(`${str(t.uriTemplate)}  (${str(t.name)})`, t.description));
      return;
    case "prompts":
      for (const p of document.prompts as Record<string, unknown>[]) write(line(str(p.name), p.description));
      return;
    case "servers":
      for (const s of document.servers as Record<string, unknown>[]) write(`${str(s.name)}  [${str(s.source)}] ${str(s.transport)}\n`);
      return;
    case "ping":
      write(`pong in ${Math.round(Number(document.roundTripMs) * 10) / 10} ms\n`);
      return;
    case "read":
      for (const c of Array.isArray(document.contents) ? document.contents : []) {
        if (isObject(c) && typeof c.text === "string") write(c.text.endsWith("\n") ? c.text : `${c.text}\n`);
        else write(`${JSON.stringify(c, null, 2)}\n`);
      }
      return;
    case "get-prompt":
      for (const m of Array.isArray(document.messages) ? document.messages : []) {
        write(`${isObject(m) ? str(m.role) : ""}:\n`);
        printContent(isObject(m) ? [m.content] : [], write);
      }
      return;
    case "skills":
    case "skill":
      printSkillsHuman(document, write);
      return;
    case "call":
    case "task": {
      if (args.command === "task" && args.taskAction !== "watch") {
        write(`${JSON.stringify(document.task, null, 2)}\n`);
        return;
      }
      const result = isObject(document.result) ? document.result : document;
      printContent(result.content, write);
      if (result.structuredContent !== undefined) write(`${JSON.stringify(result.structuredContent, null, 2)}\n`);
      return;
    }
  }
}

export function describeProgress(progress: Progress): string {
  const amount = progress.total ? `${Math.round((progress.progress / progress.total) * 100)}% (${progress.progress}/${progress.total})` : `${progress.progress}`;
  return printable(`Progress ${amount}${progress.message ? ` ${progress.message}` : ""}`.replace(/\s+/g, " "));
}
