import type { Page } from 'puppeteer-core';

/**
 * What the page itself recorded during the load Lighthouse just measured: the largest contentful
 * paint's element and the layout shifts with the elements that moved. Lighthouse 12.2's own audits of
 * these (largest-contentful-paint-element, layout-shifts) fail on the traces of Debian's Chromium 156
 * ("reading 'frame_sequence'"), so the page's buffered PerformanceObserver entries stand in for them.
 * The elements are those of the real load; the times Lighthouse reports are simulated on top of it.
 */
export async function observedLoad(page: Page): Promise<string[]> {
  // A string, so the browser-side code needs no DOM types here; it runs in the page as it is.
  const script = `new Promise((resolve) => {
    const describe = (node) => {
      const el = node && node.nodeType !== 1 ? node.parentElement : node;
      if (!el) return '(gone)';
      const classes = [...el.classList].slice(0, 2).map((c) => '.' + c).join('');
      const text = (el.textContent || '').trim().replace(/\\s+/g, ' ').slice(0, 40);
      return el.tagName.toLowerCase() + classes + (text ? ' "' + text + '"' : '');
    };
    let lcp;
    const shifts = [];
    new PerformanceObserver((list) => { lcp = list.getEntries().at(-1) ?? lcp; }).observe({ type: 'largest-contentful-paint', buffered: true });
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) if (!e.hadRecentInput) shifts.push(e);
    }).observe({ type: 'layout-shift', buffered: true });
    setTimeout(() => resolve({
      lcp: lcp ? describe(lcp.element) + (lcp.url ? ' ' + lcp.url : '') : null,
      shifts: shifts.sort((a, b) => b.value - a.value).slice(0, 3)
        .map((s) => s.value.toFixed(3) + ' at ' + Math.round(s.startTime) + ' ms: ' + (s.sources.map((x) => describe(x.node)).slice(0, 2).join(', ') || '?')),
    }), 200);
  })`;
  const observed = (await page.evaluate(script)) as { lcp: string | null; shifts: string[] };
  return [
    ...(observed.lcp ? [`performance: LCP element ${observed.lcp}`] : []),
    ...observed.shifts.map((s) => `performance: layout shift ${s}`),
  ];
}
