const entities: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/**
 * Text made safe for HTML content and for quoted attribute values: the server's documents (vedtak,
 * contract) and the local login pages, and the portal's map attribution (Leaflet inserts it as HTML).
 */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => entities[c]!);
}
