// The SDK's stdio client transport with two narrow changes: stdout is read by our StdioMessageReader
// (big messages accepted, bad lines reported without closing the session; see there), and the child's
// exit code or signal is kept, so a session that ends can say how the server went.
import type { ChildProcess } from "node:child_process";
import { StdioClientTransport, type StdioServerParameters } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StdioMessageReader } from "./stdioMessageReader.js";

/** The SDK's private members this subclass relies on (checked in the constructor). */
interface SdkInternals {
  _readBuffer?: unknown;
  _process?: ChildProcess;
  processReadBuffer(): void;
}

export interface ExitStatus {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export class InspectorStdioTransport extends StdioClientTransport {
  private exitStatus?: ExitStatus;
  private readonly reader: StdioMessageReader;
  /** Kept past the SDK's close(), which forgets the process before it has ended. */
  private child?: ChildProcess;

  constructor(params: StdioServerParameters, maxMessageBytes?: number) {
    super(params);
    // The SDK reads stdout only through its private `_readBuffer` (append, readMessage, clear); ours has
    // that shape. Checked, so an SDK that renames the field fails loudly here instead of silently using its own.
    const self = this as unknown as SdkInternals;
    if (!self._readBuffer || typeof self.processReadBuffer !== "function") {
      throw new Error("The MCP SDK's StdioClientTransport no longer has _readBuffer and processReadBuffer; update InspectorStdioTransport");
    }
    this.reader = new StdioMessageReader(maxMessageBytes, {
      // The SDK's own loop (readMessage until null, each message to onmessage, each problem to onerror).
      resume: () => self.processReadBuffer(),
      pressure: (high) => {
        const stdout = self._process?.stdout;
        if (high) stdout?.pause();
        else stdout?.resume();
      },
    });
    self._readBuffer = this.reader;
  }

  override async start(): Promise<void> {
    const starting = super.start();
    // The SDK spawns inside start() before the 'spawn' event resolves it: the child is kept from that moment,
    // so an inspector that quits while a server is still starting (a busy machine) stops it too.
    const self = this as unknown as SdkInternals;
    const child = self._process;
    this.child = child;
    // 'exit' comes before the 'close' that makes the SDK call onclose, so the status is known by then.
    child?.once("exit", (code, signal) => {
      this.exitStatus = { code, signal };
    });
    // The SDK's send waits for 'drain' with one listener per write that did not fit the pipe: thousands
    // of answers to a flooding server are expected here, not a listener leak.
    child?.stdin?.setMaxListeners(0);
    // Messages still waiting for their turn go to the client before the SDK reports the close.
    child?.prependListener("close", () => this.reader.drainAll(() => self.processReadBuffer()));
    await starting;
  }

  /**
   * Stop the server process now (SIGTERM), without the SDK's close() grace of up to 4 s: for an inspector
   * that is quitting and must not leave servers behind. A server that ignores SIGTERM gets SIGKILL after
   * `killAfterMs`; resolves once the process is gone (or the kill was sent and a moment passed).
   */
  async terminate(killAfterMs = 200): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<boolean>((resolve) => child.once("exit", () => resolve(true)));
    const within = (ms: number) => Promise.race([exited, new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms).unref())]);
    child.kill("SIGTERM");
    if (await within(killAfterMs)) return;
    child.kill("SIGKILL");
    await within(killAfterMs);
  }

  /** Whether this turn has written, and whether its later writes are being held to go together. */
  private wroteThisTurn = false;
  private heldForTurn = false;

  /**
   * A turn's first message goes at once (a lone request waits for nothing); the ones after it in the same
   * turn reach stdin in one write once the turn's promise jobs have run: a load's 32 workers answered by one
   * read send their next requests with two system calls, not 32.
   */
  override send(...args: Parameters<StdioClientTransport["send"]>): Promise<void> {
    const stdin = (this as unknown as SdkInternals)._process?.stdin;
    if (stdin && !this.wroteThisTurn) {
      this.wroteThisTurn = true;
      process.nextTick(() => {
        this.wroteThisTurn = false;
        if (this.heldForTurn) stdin.uncork();
        this.heldForTurn = false;
      });
    } else if (stdin && !this.heldForTurn) {
      this.heldForTurn = true;
      stdin.cork();
    }
    return super.send(...args);
  }

  /** How the server process ended, once it has. */
  get exit(): ExitStatus | undefined {
    return this.exitStatus;
  }
}

/** In words: "exited with code 3", "was killed by SIGKILL". */
export function describeExit(status: ExitStatus): string {
  if (status.signal) return `was killed by ${status.signal}`;
  return status.code === 0 ? "exited (code 0)" : `exited with code ${status.code}`;
}
