/**
 * Designsystemet's browser behaviours (@digdir/designsystemet-web: the dialog's light dismiss and
 * the command/commandfor polyfill, popovers, tooltips, Card's click delegation, ...) for the whole
 * page, loaded after the first render. Its React components that need one at render import it
 * themselves (Field, Tabs, Popover, Details, Suggestion …) and so bring it with the page that uses
 * them; the others (Dialog, Card) get it from here. Before decision 021 it came with every page's
 * first download because Designsystemet's React package was bundled whole.
 */
export function loadDesignSystemBehaviour(): Promise<unknown> {
  return import('@digdir/designsystemet-web');
}

/**
 * The same once the page has loaded (decision 026): its 26 kB then no longer share the first
 * page's bandwidth and main thread with the page's own code and data. Nothing on a first page needs it
 * before then: the components that need it at render bring it themselves.
 */
export function loadDesignSystemBehaviourAfterLoad(win: Window = window): void {
  if (win.document.readyState === 'complete') void loadDesignSystemBehaviour();
  else win.addEventListener('load', () => void loadDesignSystemBehaviour(), { once: true });
}
