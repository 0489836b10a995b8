import { deliver } from './http-delivery';
import type { ErpClient, ErpFile, HttpServiceSettings } from './invoice-delivery';

/**
 * The ERP's file import over HTTP (decision 071; the shape, not verified against the city's ERP): PUT
 * {url}/files/{fileName} with the CSV as the body and a bearer token. A PUT of the same name is the same
 * file, so a resend after a lost answer replaces it with itself. The answer's `id` is the receipt, else
 * the file's name.
 */
export class HttpErp implements ErpClient {
  constructor(private readonly settings: HttpServiceSettings) {}

  async deliver(file: ErpFile): Promise<{ receiptId: string }> {
    const { id } = await deliver('Økonomisystemet', {
      method: 'PUT',
      url: `${this.settings.url.replace(/\/$/, '')}/files/${encodeURIComponent(file.fileName)}`,
      token: this.settings.token,
      timeoutMs: this.settings.timeoutMs,
      headers: { 'content-type': 'text/csv; charset=utf-8', 'idempotency-key': file.messageId },
      body: file.content,
    });
    return { receiptId: id ?? `erp-${file.fileName}` };
  }
}
