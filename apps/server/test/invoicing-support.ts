import { expect } from 'vitest';
import type { CostBasedPrices } from '@lokaler/domain/admin-selvkost';
import type { InvoiceRunResponse, InvoicingPeriodResponse } from '@lokaler/domain/invoices';
import type { App } from '../src/app';
import type { Db } from '../src/db/client';
import { call } from './admin-test-support';
import { applicantBooking, type TimeSpec } from './factories/applicant';

/** Helpers of the invoicing tests (decision 071; not a test file itself). */

export const prices: CostBasedPrices = {
  lokalkategori1: 30_000,
  lokalkategori2: 45_000,
  lokalkategori3: 90_000,
  etableringSemesterlan: 200_000,
  etableringEngangsutleie: 75_000,
  timeTilsynsvakt: 40_000,
  timeEkstraRenhold: 50_000,
};

export type Price = { costCategory: 'COST'; costBasedPrices: CostBasedPrices } | { costCategory: 'MARKET'; marketPrice: number };
export const cost: Price = { costCategory: 'COST', costBasedPrices: prices };

/** A booking with these times, approved through the real route with the price. */
export async function approvedBooking(
  app: App,
  db: Db,
  token: string,
  options: {
    locationId: number;
    userId: number;
    times: readonly TimeSpec[];
    organization?: { number: string; name: string };
    price?: Price;
  },
): Promise<number> {
  const booking = await applicantBooking(db, {
    locationId: options.locationId,
    userId: options.userId,
    cancellationDeadline: new Date(Date.now() + 7 * 86_400_000),
    times: options.times,
    ...(options.organization ? { organization: options.organization } : {}),
  });
  const res = await call(app, token, 'PUT', `/api/booking/${booking.id}/approve`, options.price ?? cost);
  expect(res.statusCode, res.body).toBe(200);
  return booking.id;
}

export async function run(app: App, token: string, locationId: number, period: string): Promise<InvoiceRunResponse> {
  const res = await call(app, token, 'POST', `/api/admin/location/${locationId}/invoicing/run`, { period });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<InvoiceRunResponse>();
}

export async function monthOf(app: App, token: string, locationId: number, period: string): Promise<InvoicingPeriodResponse> {
  const res = await call(app, token, 'GET', `/api/admin/location/${locationId}/invoicing?period=${period}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<InvoicingPeriodResponse>();
}

export async function enable(app: App, token: string, locationId: number, paymentTermsDays = 14): Promise<void> {
  const res = await call(app, token, 'PUT', `/api/admin/location/${locationId}/invoice-settings`, { enabled: true, paymentTermsDays });
  expect(res.statusCode, res.body).toBe(200);
}

/** 'YYYY-MM' of a date. */
export const monthOfDate = (date: string) => date.slice(0, 7);
