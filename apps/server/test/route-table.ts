import type { HTTPMethods } from 'fastify';
import type { App } from '../src/app';

export interface RegisteredRoute {
  path: string;
  methods: HTTPMethods[];
  hooks: string[];
}

/**
 * The routes of `printRoutes({ includeHooks: true, commonPrefix: false })`: a tree whose lines are
 * a node (`├── /segment (GET, PUT)`), a further method set of the same node (`│   /segment (HEAD)`)
 * or a hook of the line above (`│   • (onRequest) ["requireAdmin()"]`). Each level indents by 4.
 */
export function parseRouteTree(text: string): RegisteredRoute[] {
  const routes: RegisteredRoute[] = [];
  const segments: string[] = [];
  for (const line of text.split('\n')) {
    const prefix = /^[│├└─ ]*/.exec(line)![0];
    const content = line.slice(prefix.length);
    if (content === '') continue;
    if (content.startsWith('•')) {
      const hooks = /\[(.*)\]/.exec(content)?.[1] ?? '';
      routes.at(-1)?.hooks.push(
        ...hooks
          .split(',')
          .map((h) => h.replace(/["()\s]/g, ''))
          .filter(Boolean),
      );
      continue;
    }
    const match = /^(.*) \(([A-Z, ]+)\)$/.exec(content);
    const depth = prefix.length / 4;
    const segment = match ? match[1]! : content;
    segments.length = depth;
    segments[depth - 1] = segment;
    if (match) routes.push({ path: segments.join(''), methods: match[2]!.split(', ') as HTTPMethods[], hooks: [] });
  }
  return routes;
}

/** Every method and path of the app's whole route table (HEAD and OPTIONS left out: Fastify adds them). */
export function routeTable(app: App): { method: HTTPMethods; path: string }[] {
  return parseRouteTree(app.printRoutes({ includeHooks: true, commonPrefix: false })).flatMap((r) =>
    r.methods.filter((m) => m !== 'HEAD' && m !== 'OPTIONS').map((method) => ({ method, path: r.path })),
  );
}

/** A path with each parameter filled in with something well-formed (ids 1, a link id of the right shape). */
export function concretePath(path: string, id = '1'): string {
  return path
    .replace(/:linkId/g, 'a'.repeat(43))
    .replace(/:step/g, 'informasjon-om-lokalet')
    .replace(/:[A-Za-z]+/g, id)
    .replace(/\*$/, 'x');
}
