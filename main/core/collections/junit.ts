// A collection run as JUnit XML: one testcase per saved call; a failed call is a <failure> naming each
// failed assertion (or why the call could not be judged). Server text is escaped.
import type { CollectionRun } from "../../../shared/collection.js";
import { escapeXml } from "../checks/junit.js";

export function collectionJunit(run: CollectionRun): string {
  const counts = `tests="${run.calls.length}" failures="${run.failed}"`;
  const lines = [`<?xml version="1.0" encoding="UTF-8"?>`, `<testsuites name="mcp-task-inspector run" ${counts}>`, `  <testsuite name="${escapeXml(`${run.collection} (${run.server})`)}" ${counts}>`];
  for (const call of run.calls) {
    lines.push(`    <testcase classname="${escapeXml(`collection.${call.kind}`)}" name="${escapeXml(call.name)}" time="${(call.durationMs / 1000).toFixed(3)}">`);
    const body = [...(call.error ? [`Error: ${call.error}`] : []), ...call.assertions.map((a) => `${a.ok ? "held" : "FAILED"}: ${a.assertion}: ${a.detail}`)].join("\n");
    if (!call.ok) {
      const first = call.error ?? call.assertions.find((a) => !a.ok)?.assertion ?? "failed";
      lines.push(`      <failure message="${escapeXml(first)}">${escapeXml(body)}</failure>`);
    } else lines.push(`      <system-out>${escapeXml(body)}</system-out>`);
    lines.push(`    </testcase>`);
  }
  lines.push(`  </testsuite>`, `</testsuites>`, "");
  return lines.join("\n");
}
