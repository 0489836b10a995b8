// Decision 026: a Vite build plugin for both SPAs. The built index.html loads its
// entry with `<script type="module" src=…>`, which runs as soon as the document is parsed if the
// script is there already, so the browser's first paint came only with React's first render. The
// plugin turns the entry into a `<link rel="modulepreload">` (downloaded and compiled at once, as
// before) and adds a tiny same-origin script that imports it after the next frame: the starting shell
// in #root (packages/ui/src/starting-shell.tsx) is painted with the HTML and CSS, whatever the network,
// and the first contentful paint no longer depends on the JavaScript. The CSP needs nothing new.
import { createHash } from 'node:crypto';

/**
 * Runs in the browser: after the next frame (or after 100 ms in a hidden tab, which has no frames) imports
 * the entry and turns the held-back links (`rel="lk-after-paint"`: the entry's imports, and the page's
 * chunks the server adds) into real preloads, six per task: the 40-odd preloads of a heavy page started
 * in one task made it a long one (≈ 200 ms at Lighthouse's 4× CPU on /lokale). A chunk both index.html and
 * the server name is preloaded once.
 */
const START = `const entry = document.querySelector('link[data-lk-entry]');
if (entry) {
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    void import(entry.href);
    const held = [...new Map([...document.querySelectorAll('link[rel="lk-after-paint"]')].map((l) => [l.href, l])).values()];
    const release = () => {
      for (const link of held.splice(0, 6)) {
        const preload = document.createElement('link');
        preload.rel = link.dataset.rel || 'modulepreload';
        if (link.dataset.as) preload.as = link.dataset.as;
        preload.crossOrigin = '';
        preload.href = link.href;
        document.head.append(preload);
      }
      if (held.length) setTimeout(release, 0);
    };
    release();
  };
  requestAnimationFrame(() => setTimeout(start, 0));
  setTimeout(start, 100);
}
`;

/**
 * A `<link rel="modulepreload">` held back until after the first paint (decision 028): a rel the
 * browser does not know fetches nothing; the start script makes it a modulepreload.
 */
export function heldModulePreload(href, extra = '') {
  return `<link rel="lk-after-paint" data-rel="modulepreload" crossorigin href="${href}"${extra}>`;
}

/**
 * The chunks of `modules` (absolute paths: what the entry imports dynamically at once, decision 050's
 * third step) and every chunk they import statically, minus what `html` names already: held preloads
 * beside the entry's own, so splitting the entry's evaluation costs no round trip.
 * @param {import('vite').Rollup.OutputBundle} bundle
 * @param {string[]} modules
 * @param {string} base
 * @param {string} html
 */
export function withEntryPreloads(bundle, modules, base, html) {
  const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
  const files = new Set();
  const visit = (fileName) => {
    if (files.has(fileName)) return;
    files.add(fileName);
    for (const next of chunks.find((c) => c.fileName === fileName)?.imports ?? []) visit(next);
  };
  for (const module of modules) {
    const chunk = chunks.find((c) => c.facadeModuleId === module) ?? chunks.find((c) => c.moduleIds.includes(module));
    if (!chunk) throw new Error(`start-after-first-paint: no chunk holds ${module}`);
    visit(chunk.fileName);
  }
  return [...files].filter((file) => !html.includes(`"${base}${file}"`)).map((file) => heldModulePreload(`${base}${file}`));
}

/**
 * @param {{ withEntry?: string[] }} [options] `withEntry`: modules (absolute paths) the entry imports
 *   dynamically as soon as it runs, preloaded with it.
 * @returns {import('vite').Plugin}
 */
export function startAfterFirstPaint({ withEntry = [] } = {}) {
  const fileName = `assets/start-${createHash('sha256').update(START).digest('hex').slice(0, 8)}.js`;
  let base = '/';
  return {
    name: 'lokaler-start-after-first-paint',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    buildStart() {
      this.emitFile({ type: 'asset', fileName, source: START });
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(html);
        if (!entry) throw new Error('start-after-first-paint: no entry script in index.html');
        const withIt = withEntry.length && context?.bundle ? withEntryPreloads(context.bundle, withEntry, base, html) : [];
        return (
          html
            .replace(
              entry[0],
              `${heldModulePreload(entry[1], ' data-lk-entry')}\n    <script type="module" crossorigin src="${base}${fileName}"></script>`,
            )
            .replace(/<link rel="modulepreload" crossorigin href="([^"]+)">/g, (_tag, href) => heldModulePreload(href))
            // After the entry's own imports: the start script releases the links in this order.
            .replace('</head>', `${withIt.map((link) => `  ${link}\n  `).join('')}</head>`)
        );
      },
    },
  };
}
