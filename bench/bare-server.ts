import fs from 'node:fs';
import path from 'node:path';
import Fastify from 'fastify';

/**
 * The ceiling: a bare Fastify process (no hooks, no plugins, no database) answering GET /bare/{name}
 * with the very bytes the application answered for that scenario (captured by run-bench.ts into
 * BARE_PAYLOADS), so each scenario is measured beside the same response size on the same machine.
 */
const dir = process.env.BARE_PAYLOADS;
if (!dir) throw new Error('BARE_PAYLOADS must name the folder of captured responses');
const payloads = new Map(
  fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .map((f) => [f.replace(/\.json$/, ''), fs.readFileSync(path.join(dir, f))]),
);

const app = Fastify({ logger: false });
app.get<{ Params: { name: string } }>('/bare/:name', async (request, reply) => {
  const body = payloads.get(request.params.name);
  if (!body) return reply.status(404).send({ msg: 'unknown payload' });
  return reply.type('application/json; charset=utf-8').send(body);
});
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
console.log(`LISTENING ${typeof address === 'object' && address ? address.port : 0}`);
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
