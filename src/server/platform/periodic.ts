/**
 * Runs `task` now and then every `intervalMs`, never two at once; stop() aborts the signal and
 * waits for a run under way. Errors go to `onError` and the next interval tries again. The timer
 * does not keep the process alive. Used by the file sweeper and the payment reminders.
 */
export function startPeriodic(task: (signal: AbortSignal) => Promise<void>, intervalMs: number, onError: (error: unknown) => void): { stop(): Promise<void> } {
  let running: Promise<void> | undefined;
  const stopping = new AbortController();
  const run = () => {
    if (running || stopping.signal.aborted) return;
    running = task(stopping.signal)
      .catch(onError)
      .finally(() => (running = undefined));
  };
  run();
  const timer = setInterval(run, intervalMs);
  timer.unref();
  return {
    async stop() {
      stopping.abort();
      clearInterval(timer);
      await running;
    },
  };
}
