/**
 * Polls `probe` until it returns a value (not undefined), for work a server or its processes do
 * in the background: no fixed sleep, a deadline generous enough for a busy machine.
 */
export async function eventually<T>(probe: () => T | undefined | Promise<T | undefined>, what: string, { timeoutMs = 60_000, everyMs = 20 } = {}): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`not in time: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
