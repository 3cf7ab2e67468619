// The report as JUnit XML, for CI systems: one testcase per check; a failed error-level check is a
// <failure>, a failed warning passes with "WARNING:" in its output (as the exit code, a warning does not
// fail a build), a skipped check is <skipped>. Everything the server sent is escaped, and characters
// XML 1.0 cannot hold at all are replaced.
import type { CheckReport } from "./runner.js";

export function escapeXml(text: string): string {
  return text
    .replace(/[^\u0009\u000a\u000d\u0020-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]/gu, "\ufffd")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}

export function toJunit(report: CheckReport): string {
  const suite = escapeXml(`${report.server.name} (${report.era})`);
  const failures = report.checks.filter((c) => c.ok === false && c.severity === "error").length;
  const counts = `tests="${report.checks.length}" failures="${failures}" skipped="${report.skipped}"`;
  const lines = [`<?xml version="1.0" encoding="UTF-8"?>`, `<testsuites name="mcp-task-inspector check" ${counts}>`, `  <testsuite name="${suite}" ${counts}>`];
  for (const check of report.checks) {
    const name = escapeXml(`${check.id}: ${check.title}`);
    const body = escapeXml(`${check.detail}\n\nRule: ${check.rule}\nMessages: ${check.messages.join(", ") || "none"}`);
    lines.push(`    <testcase classname="${escapeXml(`mcp.${check.area}`)}" name="${name}">`);
    if (check.ok === null) lines.push(`      <skipped message="${escapeXml(check.detail)}"/>`);
    else if (!check.ok && check.severity === "error") lines.push(`      <failure type="error" message="${escapeXml(check.detail)}">${body}</failure>`);
    else lines.push(`      <system-out>${check.ok ? "" : "WARNING: "}${body}</system-out>`);
    lines.push(`    </testcase>`);
  }
  lines.push(`  </testsuite>`, `</testsuites>`, "");
  return lines.join("\n");
}
