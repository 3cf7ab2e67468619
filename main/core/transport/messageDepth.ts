// A server's message may be nested as deep as JSON.parse allows (any depth), but everything that handles it
// afterwards recurses: JSON.stringify on its way to the page or the CLI, the log's size counts, React. A
// tools/list nested 3,000 deep overflowed the stack where the core sends its events to the page, and the page
// lost its connection to the core over and over. Such a message is refused where it comes in, with a note.

/** Far deeper than any real message (a deep JSON Schema is a few dozen levels), far shallower than a stack overflow (~2,500 here). */
export const MAX_MESSAGE_DEPTH = 1000;

/**
 * Whether `value` holds arrays or objects more than `limit` inside each other (the value itself is level 1).
 * A walk with its own stack: a recursive one would overflow on the very values it is for.
 */
export function nestedDeeperThan(value: unknown, limit: number): boolean {
  if (value === null || typeof value !== "object") return false;
  const nodes: object[] = [value];
  const depths: number[] = [1];
  while (nodes.length > 0) {
    const node = nodes.pop()!;
    const depth = depths.pop()!;
    if (depth > limit) return true;
    if (Array.isArray(node)) {
      for (const item of node) {
        if (item !== null && typeof item === "object") {
          nodes.push(item);
          depths.push(depth + 1);
        }
      }
      continue;
    }
    for (const key in node) {
      const item = (node as Record<string, unknown>)[key];
      if (item !== null && typeof item === "object") {
        nodes.push(item);
        depths.push(depth + 1);
      }
    }
  }
  return false;
}
