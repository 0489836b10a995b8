import { useEffect } from 'react';

let appName = 'Lokaler';

/** The app's name after each page's title ('Oversikt – Lokaler'). */
export function setAppName(name: string): void {
  appName = name;
}

export function formatPageTitle(title: string | undefined): string {
  return title ? `${title} – ${appName}` : appName;
}

/** Sets the document title of the page being shown (WCAG 2.4.2: each page has a descriptive title). */
export function usePageTitle(title: string | undefined): void {
  useEffect(() => {
    document.title = formatPageTitle(title);
  }, [title]);
}
