// Servers often write a description as an indented block in their source (a template literal, a docstring),
// so every line starts with the same run of spaces. Shown as it is, with its line breaks kept, the text sits
// far to the right and a line that wraps starts at the left edge. Shown here: the same words and line breaks,
// without the indentation the block's lines share or the blank lines around them.

const isIndent = (code: number) => code === 0x20 || code === 0x09;

/**
 * An indent this deep on most lines is the source's, not the text's: a server that adds a few lines of its
 * own at run time (desktop-commander appends notes at the margin to its 24-space template) still reads right.
 * A shallower one may be the text's own structure ("Args:" and the arguments under it), which stays.
 */
const SOURCE_INDENT = 8;

/**
 * Longer prose is shown as sent: no server writes a description this long by hand, and the page should not
 * spend a frame or more re-cutting a hostile megabyte before drawing it.
 */
const DEDENT_AT_MOST = 100_000;

function isBlank(line: string): boolean {
  for (let i = 0; i < line.length; i++) {
    const code = line.charCodeAt(i);
    if (!isIndent(code) && code !== 0x0d) return false;
  }
  return true;
}

function indentWidth(line: string): number {
  let width = 0;
  while (width < line.length && isIndent(line.charCodeAt(width))) width++;
  return width;
}

/**
 * The leading spaces and tabs shared by the non-blank lines whose indent is at least `atLeast` wide (the same
 * characters: a tab and spaces never count as one), and how many lines those are.
 */
function sharedIndent(lines: readonly string[], atLeast: number): { indent: string; count: number } {
  let model: string | undefined;
  let width = 0;
  let count = 0;
  for (const line of lines) {
    if (isBlank(line) || indentWidth(line) < atLeast) continue;
    count++;
    if (model === undefined) {
      model = line;
      width = indentWidth(line);
      continue;
    }
    let same = 0;
    while (same < width && line.charCodeAt(same) === model.charCodeAt(same)) same++;
    width = same;
  }
  return { indent: model === undefined ? "" : model.slice(0, width), count };
}

/**
 * `text` without its blank first and last lines and without the indent its lines share. As Python's
 * inspect.cleandoc does, the first line's own indent is dropped and does not count: a summary often starts
 * right after the opening quote while the lines below it are indented. Where a few lines sit at the margin,
 * an indent of SOURCE_INDENT or more that most lines share is taken off the lines that have it.
 */
export function dedent(text: string): string {
  // Loops, no pattern: a description is the server's, of any shape.
  if (text.length > DEDENT_AT_MOST) return text;
  const lines = text.split("\n");
  let first = 0;
  let last = lines.length - 1;
  while (first <= last && isBlank(lines[first]!)) first++;
  while (last >= first && isBlank(lines[last]!)) last--;
  if (first > last) return "";
  const kept = lines.slice(first, last + 1);
  kept[0] = kept[0]!.slice(indentWidth(kept[0]!));
  const rest = kept.slice(1);
  let { indent } = sharedIndent(rest, 0);
  if (indent === "") {
    const deep = sharedIndent(rest, SOURCE_INDENT);
    const nonBlank = rest.reduce((n, line) => (isBlank(line) ? n : n + 1), 0);
    if (deep.indent.length >= SOURCE_INDENT && 2 * deep.count > nonBlank) indent = deep.indent;
  }
  if (indent === "") return kept.join("\n");
  return kept.map((line, n) => (n === 0 ? line : isBlank(line) ? "" : line.startsWith(indent) ? line.slice(indent.length) : line)).join("\n");
}
