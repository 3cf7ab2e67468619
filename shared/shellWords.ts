// A command line split the way a POSIX shell splits words (quotes and backslashes respected; no
// expansion, no pipes: nothing here runs a shell). The CLI's `--server "node server.js --flag 'a b'"` and
// the server editor's "Split into command and arguments" read a line the same way.

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
