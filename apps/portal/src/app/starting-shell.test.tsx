import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { StartingShell } from '@lokaler/ui/starting-shell';
import portalIndex from '../../index.html?raw';

describe('the starting shell in index.html (decision 026, packages/ui/src/starting-shell.tsx)', () => {
  it("is the portal's StartingShell, as React renders it", () => {
    expect(/<div id="root">(.*)<\/div>\n/.exec(portalIndex)?.[1]).toBe(
      renderToStaticMarkup(<StartingShell appName="Lokaler" homeHref="/" />),
    );
  });
});
