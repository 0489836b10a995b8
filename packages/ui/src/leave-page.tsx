/**
 * A full page load to another address (the admin SPA, an external site). One function, so tests can
 * replace it: jsdom cannot navigate.
 */
export function leavePage(url: string): void {
  window.location.assign(url);
}
