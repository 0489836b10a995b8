import { sanitizeDocument } from '@lokaler/ui/sanitized-document';

/** Spec 02 §8 "Print blocked". */
export const printBlockedMessage = 'Utskrift støttes ikke eller ble blokkert av nettleseren.';

const printStyle = `
  body { font-family: system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif; margin: 2cm; line-height: 1.4; }
  table { border-collapse: collapse; width: 100%; }
  th, td { border: 1px solid #999; padding: 4px 8px; text-align: left; vertical-align: top; }
`;

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
    const style = doc.createElement('style');
    style.textContent = printStyle;
    doc.head.append(style);
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
