import cluster from 'node:cluster';

/**
 * app-server.ts in BENCH_PROCESSES processes (node:cluster) on one port, the way the application grows
 * past one core (ARCHITECTURE.md: N stateless processes behind any balancer; here the cluster's
 * round robin is the balancer). Prints `LISTENING {port}` once every worker listens.
 */
const processes = Math.max(1, Number(process.env.BENCH_PROCESSES ?? 2));

if (cluster.isPrimary) {
  let listening = 0;
  for (let i = 0; i < processes; i++) {
    const worker = cluster.fork();
    worker.process.stdout?.on('data', () => {});
  }
  cluster.on('listening', (_worker, address) => {
    listening += 1;
    if (listening === processes) console.log(`LISTENING ${address.port}`);
  });
  cluster.on('exit', (worker, code) => {
    if (code !== 0) console.error(`worker ${worker.process.pid} exited with ${code}`);
  });
  const stop = () => {
    for (const worker of Object.values(cluster.workers ?? {})) worker?.kill('SIGTERM');
    setTimeout(() => process.exit(0), 3000).unref();
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
} else {
  await import('./app-server');
}
