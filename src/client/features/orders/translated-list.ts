/** A translated array (`t(key, { returnObjects: true })`) as strings; anything else as none. */
export function asList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}
