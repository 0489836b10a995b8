import { useEffect } from 'react';

let appName = 'Lokaler';

/** The app's name after each page's title ('Oversikt – Lokaler'). */
export function setAppName(name: string): void {
  appName = name;
}

export function formatPageTitle(title: string | undefined): string {
  return title ? `${title} – ${appName}` : appName;
}

/**
 * Sets the document title of the page being shown (WCAG 2.4.2: each page has a descriptive title),
 * for pages without a PageHead (page-head.tsx). Like the <title> React renders for PageHead, it is a
 * <title> of the page's own, put first in <head> (the first is the document's title) and taken out
 * when the page goes: setting document.title instead would rewrite whatever title is first and leave
 * it behind for the next page, beside the one React renders.
 */
export function usePageTitle(title: string | undefined): void {
  useEffect(() => {
    const element = document.createElement('title');
    element.textContent = formatPageTitle(title);
    document.head.insertBefore(element, document.head.querySelector('title'));
    return () => element.remove();
  }, [title]);
}
