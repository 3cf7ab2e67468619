// Quoting words back into a command line a POSIX shell reads as the same words (shared/shellWords.ts
// splits one), and the doctor hint built from it.

/** One word quoted for a POSIX shell: bare when it is plain, else in single quotes. */
export function shellQuote(word: string): string {
  if (/^[A-Za-z0-9_\/.:@%+=,-]+$/.test(word)) return word;
  // A control character (a newline above all) would break the one line it is printed on: written as an
  // escape inside $'…', which bash and zsh read back as the same word.
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f-\u009f]/.test(word)) {
    return `$'${word.replace(/[\\']/g, (c) => `\\${c}`).replace(/[\u0000-\u001f\u007f-\u009f]/g, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, "0")}`)}'`;
  }
  return `'${word.replace(/'/g, `'\\''`)}'`;
}

/**
 * The doctor command for a server that did not connect, ready to paste: the same --server value, the flags
 * that decide which entry that value names (a saved name is looked up in the config or servers file), and
 * how to reach it (--transport sse: else the doctor would try Streamable HTTP; --era). Header values are
 * left out: they are often secrets, and this line lands in CI logs.
 */
export function doctorHint(server: string, flags: { serversFile?: string; configDir?: string; transport?: string; era?: string } = {}): string {
  const words = ["mcp-task-inspector", "doctor", "--server", shellQuote(server)];
  if (flags.serversFile !== undefined) words.push("--servers-file", shellQuote(flags.serversFile));
  if (flags.configDir !== undefined) words.push("--config-dir", shellQuote(flags.configDir));
  if (flags.transport !== undefined) words.push("--transport", shellQuote(flags.transport));
  if (flags.era !== undefined && flags.era !== "auto") words.push("--era", shellQuote(flags.era));
  return `To diagnose it: ${words.join(" ")}`;
}
