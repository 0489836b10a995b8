import { formatKroner } from '@lokaler/domain/admin-selvkost';
import { kidForInvoiceNumber, type InvoiceRunResponse, type InvoiceSummaryItem, type PostalAddress } from '@lokaler/domain/invoices';
import { todayInOslo } from '@lokaler/domain/scheduling/oslo-clock';
import type { AuthenticatedUser } from '../../auth/authenticated-user';
import { assertAdministers } from '../../auth/guards';
import type { Db } from '../../db/client';
import { writeTransaction } from '../../db/write-transaction';
import { AppError } from '../../errors';
import type { OrgRegistry } from '../../integrations/org-registry/index';
import { appendChangeLog, byAdministrator } from '../../bookings';
import { documentLines, kindOfNet, plusDays } from './invoice-document';
import {
  findInvoices,
  insertInvoices,
  insertRun,
  latestInvoices,
  nextInvoiceNumbers,
  type NewInvoice,
  type StoredInvoice,
} from './invoice-repository';
import { loadMonthBasis, type MonthBooking } from './month-basis';
import { buyerOf, buyerReferenceOf, invoicingMessages, recipientOf } from './recipients';
import { findInvoiceLocation, lockBookingsForRun, lockInvoiceRun } from './repository';

export interface InvoiceRunOptions {
  db: Db;
  user: AuthenticatedUser;
  orgRegistry: Pick<OrgRegistry, 'invoiceAddressOf'>;
  /** INVOICE_ORGANIZATIONS */
  organizations: readonly string[];
  locationId: number;
  period: string;
  now?: Date;
}

type Lookup = { address: PostalAddress | null } | 'failed';

/**
 * POST /api/admin/location/{id}/invoicing/run: the month's invoices in one action (decision 071).
 * The organisations' invoice addresses are looked up first, outside the transaction (never a call to the
 * register while rows are locked). Then, under the location's run lock and the bookings' row locks, the
 * lines are read again: per booking its OPEN, not held lines of the month and of earlier months (a
 * correction after an earlier month's run comes along, never lost) make one invoice (net > 0) or credit
 * note (net < 0, crediting the booking's latest invoice); 0 kr, a missing address or a missing cost
 * category is skipped with its reason. The invoices, their lines marked INVOICED, the outbox's rows and
 * the change log's entries are written in that one transaction, so a second run bills nothing twice.
 */
export async function runInvoices(options: InvoiceRunOptions): Promise<InvoiceRunResponse> {
  const { db, user, locationId, period } = options;
  assertAdministers(user, locationId);
  const location = await findInvoiceLocation(db, locationId);
  if (!location) throw AppError.notFound(`Location ${locationId}`);
  // Only the bookings a switch covers: the others are shown in Fakturagrunnlag and never invoiced.
  const before = (await loadMonthBasis(db, location, period, options.organizations)).filter((b) => b.channel !== null);
  const lookups = await lookUpAddresses(options.orgRegistry, before.filter(isOrganisationToBill));
  const issueDate = todayInOslo(options.now ?? new Date());
  const by = byAdministrator(user);

  return writeTransaction(db, async (tx) => {
    await lockInvoiceRun(tx, locationId);
    const ids = before.filter((b) => b.billable.length > 0).map((b) => b.facts.bookingId);
    await lockBookingsForRun(tx, ids);
    const month = ids.length === 0 ? [] : await loadMonthBasis(tx, location, period, options.organizations, ids);
    const problems = new Map(before.filter((b) => b.problem).map((b) => [b.facts.bookingId, b.problem!]));
    const skipped: InvoiceRunResponse['skipped'] = [];
    const skip = (b: MonthBooking, reason: string) =>
      skipped.push({ bookingId: b.facts.bookingId, caseNumber: b.facts.caseNumber, applicantName: recipientOf(b.facts).name, reason });
    const latest = await latestInvoices(tx, ids);
    const planned: (Omit<NewInvoice, 'number' | 'kid' | 'runId'> & { booking: MonthBooking })[] = [];
    for (const b of [...month, ...before.filter((x) => x.problem && x.lines.length === 0)]) {
      const problem = problems.get(b.facts.bookingId) ?? b.problem;
      if (problem) {
        skip(b, problem);
        continue;
      }
      if (b.channel === null || b.billable.length === 0) continue;
      const net = b.billable.reduce((sum, l) => sum + l.amountOre, 0);
      const kind = kindOfNet(net);
      if (!kind) {
        skip(b, invoicingMessages.zeroAmount);
        continue;
      }
      const recipient = recipientOf(b.facts);
      let address: PostalAddress | null = null;
      if (b.channel === 'EHF' && recipient.orgnr) {
        const found = lookups.get(recipient.orgnr);
        if (found === undefined || found === 'failed') {
          skip(b, invoicingMessages.registerUnavailable(recipient.name, recipient.orgnr));
          continue;
        }
        if (!found.address) {
          skip(b, invoicingMessages.noAddress(recipient.name, recipient.orgnr));
          continue;
        }
        address = found.address;
      }
      const credited = kind === 'CREDIT_NOTE' ? latest.get(b.facts.bookingId) : undefined;
      if (kind === 'CREDIT_NOTE' && !credited) {
        skip(b, invoicingMessages.nothingToCredit);
        continue;
      }
      planned.push({
        booking: b,
        kind,
        channel: b.channel,
        bookingId: b.facts.bookingId,
        locationId,
        period,
        issueDate,
        dueDate: plusDays(issueDate, location.settings.paymentTermsDays),
        buyer: buyerOf(b.facts, address),
        buyerReference: buyerReferenceOf(b.facts),
        lines: documentLines(b.billable, kind),
        totalOre: Math.abs(net),
        creditsInvoiceId: credited?.id ?? null,
        lineIds: b.billable.map((l) => l.id),
      });
    }
    if (planned.length === 0) return { period, made: [], skipped };
    const run = await insertRun(tx, { locationId, period, userId: by.userId, userName: by.userName });
    const numbers = await nextInvoiceNumbers(tx, planned.length);
    const batch: NewInvoice[] = planned.map(({ booking: _b, ...p }, i) => ({
      ...p,
      number: numbers[i]!,
      kid: kidForInvoiceNumber(numbers[i]!),
      runId: run.id,
    }));
    await insertInvoices(tx, batch, run.id);
    for (const invoice of batch) {
      const what = invoice.kind === 'INVOICE' ? 'Faktura' : `Kreditnota (krediterer faktura ${latest.get(invoice.bookingId)?.number})`;
      await appendChangeLog(tx, {
        bookingId: invoice.bookingId,
        type: 'InvoiceIssued',
        userId: by.userId,
        userName: by.userName,
        comment: `${what} ${invoice.number} for ${period}: ${formatKroner(invoice.totalOre)}, sendes som ${invoice.channel}.`,
      });
    }
    const made = await findInvoices.ofRun(tx, run.id);
    return { period, made: made.map(summaryItemOf).sort((a, b) => a.number - b.number), skipped };
  });
}

function isOrganisationToBill(b: MonthBooking): boolean {
  return b.channel === 'EHF' && !b.problem && b.billable.length > 0 && b.facts.organizationNumber !== null;
}

/** Each organisation once, in parallel; a failure is remembered as such (the booking is skipped with "try again"). */
async function lookUpAddresses(
  registry: Pick<OrgRegistry, 'invoiceAddressOf'>,
  bookings: readonly MonthBooking[],
): Promise<Map<string, Lookup>> {
  const orgnrs = [...new Set(bookings.map((b) => b.facts.organizationNumber!))];
  const found = await Promise.all(
    orgnrs.map(async (orgnr): Promise<[string, Lookup]> => {
      try {
        return [orgnr, { address: await registry.invoiceAddressOf(orgnr) }];
      } catch {
        return [orgnr, 'failed'];
      }
    }),
  );
  return new Map(found);
}

export function summaryItemOf(i: StoredInvoice): InvoiceSummaryItem {
  return {
    id: i.id,
    number: i.number,
    kind: i.kind,
    channel: i.channel,
    bookingId: i.bookingId,
    caseNumber: i.caseNumber,
    recipientName: i.buyer.name,
    period: i.period,
    issueDate: i.issueDate,
    dueDate: i.dueDate,
    kid: i.kid,
    amountOre: i.totalOre,
    delivery: i.delivery,
  };
}
