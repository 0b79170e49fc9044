/**
 * Preloaded into a benchmarked server (`node --expose-gc --import ./scripts/bench/lib/memory-probe.mjs`):
 * on the IPC message 'memory' it collects garbage and answers with process.memoryUsage(), so a
 * bench in another process can read the server's heap as well as its RSS. Plain JavaScript: it
 * loads before tsx, and beside the built bundle.
 */
process.on('message', (message) => {
  if (message !== 'memory') return;
  globalThis.gc?.();
  globalThis.gc?.();
  process.send?.({ memory: process.memoryUsage() });
});
// the IPC channel must not keep a server that is shutting down alive
process.channel?.unref();
