/** The first word of a full name: how the dashboard and emails greet people. Empty for a blank name. */
export function firstName(name: string | null | undefined): string {
  return name?.trim().split(/\s+/)[0] ?? '';
}
