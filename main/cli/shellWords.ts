// `--server "node server.js --flag 'a b'"`: a command line split the way a POSIX shell splits words
// (quotes and backslashes respected; no expansion, no pipes: nothing here runs a shell).

export class ShellWordsError extends Error {
  override name = "ShellWordsError";
}

export function shellWords(line: string): string[] {
  const words: string[] = [];
  let word = "";
  let inWord = false;
  let quote: "'" | '"' | undefined;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quote === "'") {
      if (c === "'") quote = undefined;
      else word += c;
      continue;
    }
    if (quote === '"') {
      if (c === '"') quote = undefined;
      // Inside double quotes a backslash escapes only these, as in sh.
      else if (c === "\\" && i + 1 < line.length && '\\"$`'.includes(line[i + 1]!)) word += line[++i];
      else word += c;
      continue;
    }
    if (c === "'" || c === '"') {
      quote = c;
      inWord = true;
    } else if (c === "\\") {
      if (i + 1 < line.length) word += line[++i];
      inWord = true;
    } else if (/\s/.test(c)) {
      if (inWord) words.push(word);
      word = "";
      inWord = false;
    } else {
      word += c;
      inWord = true;
    }
  }
  if (quote) throw new ShellWordsError(`the server command has an unclosed ${quote === "'" ? "single" : "double"} quote`);
  if (inWord) words.push(word);
  return words;
}

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
