import { describe, expect, it } from 'vitest';
import { startAfterFirstPaint } from './start-after-first-paint.mjs';

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
});
