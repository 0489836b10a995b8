import { describe, expect, it } from 'vitest';
import { startAfterFirstPaint, withEntryPreloads } from './start-after-first-paint.mjs';

/** The plugin's hooks as Vite calls them in a build with base `base`. */
function built(base) {
  const plugin = startAfterFirstPaint();
  const emitted = [];
  plugin.configResolved({ base });
  plugin.buildStart.call({ emitFile: (file) => emitted.push(file) });
  return { transform: (html) => plugin.transformIndexHtml.handler(html), emitted };
}

const viteHtml = (src) =>
  `<head>\n    <script type="module" crossorigin src="${src}"></script>\n    <link rel="modulepreload" crossorigin href="/admin/assets/react-Cd34.js">\n    <link rel="stylesheet" crossorigin href="/assets/index.css">\n  </head>`;

describe('start after the first paint (decision 026)', () => {
  it('holds the entry script and its imports back and starts them from a hashed script of its own', () => {
    const { transform, emitted } = built('/admin/');
    const html = transform(viteHtml('/admin/assets/index-Ab12.js'));
    expect(emitted).toHaveLength(1);
    const start = emitted[0];
    expect(start.fileName).toMatch(/^assets\/start-[0-9a-f]{8}\.js$/);
    // Held: a rel the browser does not know fetches nothing until the start script (or the server, decision 028) makes it a modulepreload.
    expect(html).toContain(
      '<link rel="lk-after-paint" data-rel="modulepreload" crossorigin href="/admin/assets/index-Ab12.js" data-lk-entry>',
    );
    expect(html).toContain('<link rel="lk-after-paint" data-rel="modulepreload" crossorigin href="/admin/assets/react-Cd34.js">');
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/index.css">');
    expect(html).toContain(`<script type="module" crossorigin src="/admin/${start.fileName}"></script>`);
    expect(html).not.toContain('src="/admin/assets/index-Ab12.js"');
    // The start script imports what the link names, after a frame (or a timeout in a hidden tab).
    expect(start.source).toContain("document.querySelector('link[data-lk-entry]')");
    expect(start.source).toContain('requestAnimationFrame');
    expect(start.source).toContain('import(entry.href)');
    expect(start.source).toContain('link[rel="lk-after-paint"]');
  });

  it('fails the build when index.html has no entry script to move', () => {
    expect(() => built('/').transform('<head></head>')).toThrow(/no entry script/);
  });

  it('preloads what the entry imports at once (withEntry) with it, after its own imports and each chunk once (decision 050)', () => {
    const plugin = startAfterFirstPaint({ withEntry: ['/app/src/app/start-app.tsx'] });
    plugin.configResolved({ base: '/' });
    plugin.buildStart.call({ emitFile: () => {} });
    const chunk = (fileName, facadeModuleId, imports = []) => ({
      type: 'chunk',
      fileName,
      facadeModuleId,
      moduleIds: [facadeModuleId],
      imports,
    });
    const bundle = {
      a: chunk('assets/index-Ab12.js', '/app/src/main.tsx', ['assets/react-Cd34.js']),
      b: chunk('assets/react-Cd34.js', null),
      c: chunk('assets/start-app-Ef56.js', '/app/src/app/start-app.tsx', ['assets/react-Cd34.js', 'assets/zod-Gh78.js']),
      d: chunk('assets/zod-Gh78.js', null),
      e: chunk('assets/page-Ij90.js', '/app/src/page.tsx', ['assets/zod-Gh78.js']),
    };
    const html = plugin.transformIndexHtml.handler(`${viteHtml('/assets/index-Ab12.js')}`.replace('admin/', ''), { bundle });
    const held = [...html.matchAll(/rel="lk-after-paint"[^>]* href="([^"]+)"/g)].map((m) => m[1]);
    // The entry, its own import, then the app's chunk and the one it adds; not the page's, not React's twice.
    expect(held).toEqual(['/assets/index-Ab12.js', '/assets/react-Cd34.js', '/assets/start-app-Ef56.js', '/assets/zod-Gh78.js']);
    expect(() => withEntryPreloads(bundle, ['/app/src/missing.tsx'], '/', html)).toThrow(/no chunk holds/);
  });
});
