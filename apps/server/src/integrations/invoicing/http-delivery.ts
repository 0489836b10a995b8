import { InvoiceDeliveryRefused } from './invoice-delivery';

/**
 * One delivery call with a deadline (decision 071). The outcome decides what the outbox does:
 * - 2xx: delivered; the answer's JSON `id` is the receipt when there is one.
 * - 4xx: the receiver refused the document; InvoiceDeliveryRefused with the message of its body (a JSON
 *   problem's `detail`, `message`, `error` or `title`, else the text), which the admin's log shows. Not
 *   401/403 (our credentials, not the document), 408, 425 and 429 (try again later): those are retried.
 * - 5xx, no answer in time, no connection: an ordinary Error, retried by the outbox.
 */
export async function deliver(
  service: string,
  call: { method: 'POST' | 'PUT'; url: string; token: string; timeoutMs: number; headers: Record<string, string>; body: string },
): Promise<{ id: string | null }> {
  let response: Response;
  try {
    response = await fetch(call.url, {
      method: call.method,
      headers: { accept: 'application/json', authorization: `Bearer ${call.token}`, ...call.headers },
      body: call.body,
      signal: AbortSignal.timeout(call.timeoutMs),
    });
  } catch (error) {
    const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
    throw new Error(`${service}: ${timedOut ? `no answer within ${call.timeoutMs} ms` : 'no connection'}`, { cause: error });
  }
  const text = await response.text().catch(() => '');
  if (response.ok) return { id: idOf(text) };
  if (response.status >= 400 && response.status < 500 && ![401, 403, 408, 425, 429].includes(response.status))
    throw new InvoiceDeliveryRefused(`${service} avviste dokumentet (${response.status}): ${messageOf(text) || 'uten begrunnelse'}`);
  throw new Error(`${service}: answered ${response.status}`);
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

function idOf(text: string): string | null {
  const body = parse(text);
  if (body && typeof body === 'object') {
    const { id } = body as Record<string, unknown>;
    if (typeof id === 'string' && id !== '') return id;
    if (typeof id === 'number') return String(id);
  }
  return null;
}

function messageOf(text: string): string {
  const body = parse(text);
  if (body && typeof body === 'object') {
    const record = body as Record<string, unknown>;
    for (const key of ['detail', 'message', 'error', 'title']) {
      const value = record[key];
      if (typeof value === 'string' && value.trim() !== '') return value.trim().slice(0, 500);
    }
  }
  return text.trim().slice(0, 500);
}
