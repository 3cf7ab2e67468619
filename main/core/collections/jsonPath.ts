// The JSON paths collections use, a deliberately small dialect: `$`, `.name`, `[0]` and `["any name"]`.
// No filters or wildcards: a path names one place, so an assertion or a capture means one value. Lookups
// use own properties only, so `.constructor` finds a key of that name and never a prototype's.

export type PathSegment = string | number;

export class JsonPathError extends Error {}

export function parseJsonPath(path: string): PathSegment[] {
  if (!path.startsWith("$")) throw new JsonPathError("a JSON path starts with $");
  const segments: PathSegment[] = [];
  let at = 1;
  while (at < path.length) {
    const rest = path.slice(at);
    const name = /^\.([A-Za-z_$][A-Za-z0-9_$-]*)/.exec(rest);
    const index = /^\[(0|[1-9][0-9]{0,8})\]/.exec(rest);
    const quoted = /^\[("(?:[^"\\]|\\.)*")\]/.exec(rest);
    if (name) {
      segments.push(name[1]!);
      at += name[0].length;
    } else if (index) {
      segments.push(Number(index[1]));
      at += index[0].length;
    } else if (quoted) {
      try {
        segments.push(JSON.parse(quoted[1]!) as string);
      } catch {
        throw new JsonPathError(`a bad quoted name at character ${at + 1}`);
      }
      at += quoted[0].length;
    } else throw new JsonPathError(`cannot read the path from character ${at + 1} ("${rest.slice(0, 20)}"): use .name, [0] or ["name"]`);
    if (segments.length > 100) throw new JsonPathError("a path of more than 100 steps");
  }
  return segments;
}

export function getPath(value: unknown, path: string): { found: true; value: unknown } | { found: false } {
  let current = value;
  for (const segment of parseJsonPath(path)) {
    if (typeof segment === "number") {
      if (!Array.isArray(current) || segment >= current.length) return { found: false };
      current = current[segment];
    } else {
      if (!current || typeof current !== "object" || Array.isArray(current) || !Object.hasOwn(current, segment)) return { found: false };
      current = (current as Record<string, unknown>)[segment];
    }
  }
  return { found: true, value: current };
}

/** A copy of `value` without the places `paths` name (a snapshot's ignored ids and timestamps). */
export function withoutPaths(value: unknown, paths: string[]): unknown {
  let copy = structuredClone(value);
  for (const path of paths) {
    const segments = parseJsonPath(path);
    if (!segments.length) return null;
    let parent = copy;
    for (const segment of segments.slice(0, -1)) {
      parent = parent && typeof parent === "object" && Object.hasOwn(parent, segment) ? (parent as Record<PathSegment, unknown>)[segment] : undefined;
    }
    const last = segments.at(-1)!;
    if (Array.isArray(parent) && typeof last === "number" && last < parent.length) parent[last] = "<ignored>";
    else if (parent && typeof parent === "object" && !Array.isArray(parent) && typeof last === "string" && Object.hasOwn(parent, last)) delete (parent as Record<string, unknown>)[last];
  }
  copy = copy === undefined ? null : copy;
  return copy;
}

/** JSON equality (key order does not matter). */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((v, i) => jsonEqual(v, b[i]));
  if (a && b && typeof a === "object" && typeof b === "object" && !Array.isArray(b)) {
    const ka = Object.keys(a);
    const kb = Object.keys(b);
    return ka.length === kb.length && ka.every((k) => Object.hasOwn(b, k) && jsonEqual((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
  }
  return false;
}

/** The paths where two JSON values differ, first `max` of them, in this dialect. */
export function differences(a: unknown, b: unknown, max = 20, at = "$", out: string[] = []): string[] {
  if (out.length >= max || jsonEqual(a, b)) return out;
  if (Array.isArray(a) && Array.isArray(b)) {
    for (let i = 0; i < Math.max(a.length, b.length) && out.length < max; i++) differences(a[i], b[i], max, `${at}[${i}]`, out);
    return out;
  }
  if (a && b && typeof a === "object" && typeof b === "object" && !Array.isArray(a) && !Array.isArray(b)) {
    for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
      if (out.length >= max) break;
      const step = /^[A-Za-z_$][A-Za-z0-9_$-]*$/.test(key) ? `.${key}` : `[${JSON.stringify(key)}]`;
      differences((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key], max, at + step, out);
    }
    return out;
  }
  out.push(at);
  return out;
}
