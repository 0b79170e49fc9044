/** A translated array (`t(key, { returnObjects: true })`) as strings; anything else as none. */
export function asList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

/** A translated array of objects, keeping the entries that have every key as a string. */
export function asRecords<K extends string>(value: unknown, keys: readonly K[]): Record<K, string>[] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (item): item is Record<K, string> =>
      typeof item === 'object' && item !== null && keys.every((key) => typeof (item as Record<string, unknown>)[key] === 'string'),
  );
}

/** A translated array of { title, text } objects (steps, guarantees). */
export const asSteps = (value: unknown) => asRecords(value, ['title', 'text']);
