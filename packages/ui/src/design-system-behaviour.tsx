/**
 * Designsystemet's browser behaviours (@digdir/designsystemet-web: the dialog's light dismiss and
 * the command/commandfor polyfill, popovers, tooltips, Card's click delegation, ...) for the whole
 * page, loaded after the first render. Its React components that need one at render import it
 * themselves (Field, Tabs, Popover, Details, Suggestion …) and so bring it with the page that uses
 * them; the others (Dialog, Card) get it from here. Before issue 15 it came with every page's
 * first download because Designsystemet's React package was bundled whole.
 */
export function loadDesignSystemBehaviour(): Promise<unknown> {
  return import('@digdir/designsystemet-web');
}
