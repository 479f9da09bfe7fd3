// Loaded into a server process by bench/events.ts (`--expose-gc --import ./bench/heap-probe.ts`): on the
// message "memory" over the IPC channel it runs a full garbage collection and answers the process's memory.
// Nothing else; the server does not know it is there.
const collect = (globalThis as { gc?: () => void }).gc;

process.on('message', (message) => {
  if (message !== 'memory') return;
  collect?.();
  const { rss, heapUsed, external } = process.memoryUsage();
  process.send?.({ rss, heapUsed, external, collected: collect !== undefined });
});
// the channel must not keep the server alive after SIGTERM
process.channel?.unref();
