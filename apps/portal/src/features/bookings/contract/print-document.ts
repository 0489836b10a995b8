import { sanitizeDocument } from '@lokaler/ui/sanitized-document';

/** Spec 02 §8 "Print blocked". */
export const printBlockedMessage = 'Utskrift støttes ikke eller ble blokkert av nettleseren.';

const printStyle = `
  body { font-family: system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif; margin: 2cm; line-height: 1.4; }
  table { border-collapse: collapse; width: 100%; }
  th, td { border: 1px solid #999; padding: 4px 8px; text-align: left; vertical-align: top; }
`;

/**
 * The print window's styles as a constructed stylesheet: the server's Content-Security-Policy
 * (style-src 'self', which the blank window inherits) refuses a <style> element but not CSSOM. Where
 * a browser cannot construct stylesheets (jsdom), the element is the fallback.
 */
function addPrintStyle(printWindow: Window, doc: Document): void {
  const Sheet = (printWindow as Window & { CSSStyleSheet?: typeof CSSStyleSheet }).CSSStyleSheet;
  try {
    if (Sheet && 'adoptedStyleSheets' in doc) {
      const sheet = new Sheet();
      sheet.replaceSync(printStyle);
      doc.adoptedStyleSheets = [...doc.adoptedStyleSheets, sheet];
      return;
    }
  } catch {
    // No constructable stylesheets: the element below.
  }
  const style = doc.createElement('style');
  style.textContent = printStyle;
  doc.head.append(style);
}

/**
 * Prints the document alone, in a window of its own holding only the tags printing allows (spec 02
 * §5). Returns false when the browser gives no window (a pop-up blocker) or refuses to print.
 */
export function printDocument(title: string, html: string, open: typeof window.open = (...args) => window.open(...args)): boolean {
  let printWindow: Window | null;
  try {
    printWindow = open('', '_blank');
  } catch {
    return false;
  }
  if (!printWindow) return false;
  try {
    const doc = printWindow.document;
    doc.title = title;
    doc.documentElement.lang = 'nb';
    addPrintStyle(printWindow, doc);
    doc.body.innerHTML = sanitizeDocument(html, 'print');
    printWindow.addEventListener('afterprint', () => printWindow.close());
    printWindow.focus();
    printWindow.print();
    return true;
  } catch {
    printWindow.close();
    return false;
  }
}
