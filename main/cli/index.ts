// `mcp-task-inspector` (bin/mcp-task-inspector.mjs, or node out/main/cli.js): plain Node on the core.
import { runCli } from "./run.js";

// `mcp-task-inspector tools … | head`: a reader that went away is not an error worth a stack trace.
for (const stream of [process.stdout, process.stderr]) {
  stream.on("error", (error: NodeJS.ErrnoException) => {
    if (error.code === "EPIPE") process.exit(process.exitCode ?? 0);
    throw error;
  });
}

let interrupts = 0;
const code = await runCli(process.argv.slice(2), {
  stdout: process.stdout,
  stderr: process.stderr,
  onInterrupt(handler) {
    const onSignal = () => {
      // A second Ctrl+C does not wait for the server to acknowledge the cancel.
      if (++interrupts > 1) process.exit(130);
      handler();
    };
    process.on("SIGINT", onSignal);
    return () => process.off("SIGINT", onSignal);
  },
});
// Exit now: a server's socket or timer left behind must not keep a script waiting. A pipe is written
// asynchronously: what is still queued (a large --json document) is flushed first, or the reader gets it cut.
await Promise.all([process.stdout, process.stderr].map((stream) => new Promise((resolve) => stream.write("", resolve))));
process.exit(code);
