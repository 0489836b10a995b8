import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { isApiClientError } from './api-client-error';
import { invoicingPeriodQuery, runInvoicingMutation, saveInvoiceSettingsMutation } from './admin-invoicing';
import { resetApiClient } from './api-fetch';

const answer = (status: number, body?: unknown) =>
  vi.fn(
    async () => new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  );

afterEach(() => {
  vi.unstubAllGlobals();
  resetApiClient();
});

describe('the admin invoicing client (decision 071)', () => {
  it("asks for the month's basis with the period in the query and refuses an answer that drifts from the contract", async () => {
    const fetchMock = answer(200, {
      locationId: 7,
      period: '2026-10',
      settings: { enabled: true, paymentTermsDays: 14 },
      bookings: [],
      invoices: [],
    });
    vi.stubGlobal('fetch', fetchMock);
    const client = new QueryClient();
    const data = await client.fetchQuery(invoicingPeriodQuery(7, '2026-10'));
    expect(data.bookings).toEqual([]);
    expect(String((fetchMock.mock.calls[0] as unknown[])[0])).toBe('/api/admin/location/7/invoicing?period=2026-10');

    vi.stubGlobal('fetch', answer(200, { locationId: 7, period: '2026-10', bookings: [] }));
    const drifted = await client.fetchQuery(invoicingPeriodQuery(7, '2026-11')).catch((error: unknown) => error);
    expect(isApiClientError(drifted) && drifted.kind).toBe('invalid-response');
  });

  it("sends the run and the settings as the contract says, and refreshes the location's invoicing after each", async () => {
    const client = new QueryClient();
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    const fetchMock = answer(200, { period: '2026-10', made: [], skipped: [] });
    vi.stubGlobal('fetch', fetchMock);
    const run = runInvoicingMutation(client, 7);
    await expect(run.mutationFn!('2026-10', {} as never)).resolves.toEqual({ period: '2026-10', made: [], skipped: [] });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect([url, init.method, init.body]).toEqual(['/api/admin/location/7/invoicing/run', 'POST', '{"period":"2026-10"}']);
    await run.onSuccess!(undefined as never, '2026-10', undefined, {} as never);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['admin', 'invoicing', 7] });

    // A settings save answered with no body (204) is a success too.
    vi.stubGlobal('fetch', answer(204));
    const save = saveInvoiceSettingsMutation(client, 7);
    await expect(save.mutationFn!({ enabled: false, paymentTermsDays: 30 }, {} as never)).resolves.toBeUndefined();
  });
});
