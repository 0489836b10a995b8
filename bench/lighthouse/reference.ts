import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The reference page (decision 050): measured in the same run as the app's pages, so a loaded machine
 * shows in the figures. Static HTML with a heading and a paragraph, no stylesheet or script file to
 * fetch, and a fixed amount of main-thread work after the first paint: `tasks` tasks of `iterations`
 * steps of an integer loop each, ≈ 10 ms of CPU per task on this machine when it is idle (≈ 40 ms at
 * Lighthouse's 4× CPU slowdown, under the 50 ms a long task starts at). On an idle machine it blocks
 * nothing and scores 100; its Total Blocking Time is what the machine's load alone adds to work split
 * the way the app's pages should split theirs (Lighthouse's simulation multiplies each task's wall time,
 * which a busy machine stretches).
 */
const tasks = 8;
const iterations = 2_000_000;

const html = `<!doctype html>
<html lang="nb">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="description" content="Referanseside for Lighthouse-målingene: fast arbeid på hovedtråden." />
    <title>Referanse</title>
    <!-- No favicon request: its 404 would be a console error that costs the page best practices. -->
    <link rel="icon" href="data:," />
  </head>
  <body style="font-family: sans-serif; margin: 1rem">
    <main>
      <h1>Referanse</h1>
      <p>En statisk side med ${tasks} oppgaver på hovedtråden, hver med like mye arbeid.</p>
    </main>
    <script>
      function work(n) {
        let x = 1;
        for (let i = 0; i < n; i++) x = (x * 1103515245 + 12345) | 0;
        return x;
      }
      let left = ${tasks};
      function task() {
        document.body.dataset.work = String(work(${iterations}));
        if (--left > 0) setTimeout(task, 0);
      }
      requestAnimationFrame(() => setTimeout(task, 0));
    </script>
  </body>
</html>
`;

export interface ReferenceServer {
  url: string;
  stop(): Promise<void>;
}

/** Serves the reference page at `/` on a random loopback port. */
export async function startReferenceServer(): Promise<ReferenceServer> {
  const server = http.createServer((request, response) => {
    if (request.url !== '/') {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }).end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/`, stop: () => new Promise((resolve) => server.close(() => resolve())) };
}
