// Records keyed by names a server chose (schema property names). A plain `{}` answers "constructor",
// "toString" or "hasOwnProperty" from Object.prototype, and `o["__proto__"] = v` replaces its prototype
// instead of storing a value: one such property name blanked the whole window. These have no prototype,
// so every name is just a key.

export type Dict<T> = Record<string, T>;

export function dict<T>(entries?: Iterable<readonly [string, T]>): Dict<T> {
  const result = Object.create(null) as Dict<T>;
  if (entries) for (const [key, value] of entries) result[key] = value;
  return result;
}

/** The value stored under `key` itself, never one inherited from a prototype. */
export function own<T>(record: Dict<T>, key: string): T | undefined {
  return Object.prototype.hasOwnProperty.call(record, key) ? record[key] : undefined;
}

/** A copy with `key` set: a fresh prototype-free record, so the store's old one is left as it was. */
export function withKey<T>(record: Dict<T>, key: string, value: T): Dict<T> {
  const copy = dict(Object.entries(record));
  copy[key] = value;
  return copy;
}
