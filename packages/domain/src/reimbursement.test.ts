import { describe, expect, it } from 'vitest';
import {
  amountInRange,
  basisAmountInRange,
  buildReimbursementReport,
  reimbursementMessages,
  reimbursementQuery,
  type ReimbursementBookingFacts,
} from './reimbursement';

const facts = (change: Partial<ReimbursementBookingFacts>): ReimbursementBookingFacts => ({
  bookingId: 1,
  caseNumber: 'LOK-2026-00001',
  organizationNumber: null,
  organizationName: null,
  onBehalfOfName: null,
  onBehalfOfEmail: null,
  userId: 10,
  userName: 'Kari Nordmann',
  costCategory: 'FREE',
  priceOre: null,
  minutesInRange: 60,
  approvedMinutes: 60,
  ...change,
});
const range = { fromDateInclusive: '2026-01-01', toDateExclusive: '2027-01-01' };

describe('the reimbursement range', () => {
  const message = (query: Record<string, unknown>) => {
    const parsed = reimbursementQuery.safeParse(query);
    return parsed.success ? null : parsed.error.issues[0]!.message;
  };

  it('takes [from, to) of one day up to 366 days', () => {
    expect(message({ fromDateInclusive: '2026-03-01', toDateExclusive: '2026-03-02' })).toBeNull();
    expect(message({ fromDateInclusive: '2024-01-01', toDateExclusive: '2025-01-01' })).toBeNull();
  });

  it('refuses with a Norwegian message: missing, not a date, inverted or empty, longer than 366 days', () => {
    expect(message({ fromDateInclusive: '2026-01-01' })).toBe(reimbursementMessages.missingDate);
    expect(message({ fromDateInclusive: '', toDateExclusive: '2026-01-02' })).toBe(reimbursementMessages.missingDate);
    expect(message({ fromDateInclusive: '2026-02-30', toDateExclusive: '2026-03-02' })).toBe(reimbursementMessages.invalidDate);
    expect(message({ fromDateInclusive: '01.01.2026', toDateExclusive: '2026-03-02' })).toBe(reimbursementMessages.invalidDate);
    expect(message({ fromDateInclusive: '2026-03-02', toDateExclusive: '2026-03-01' })).toBe(reimbursementMessages.inverted);
    expect(message({ fromDateInclusive: '2026-03-02', toDateExclusive: '2026-03-02' })).toBe(reimbursementMessages.inverted);
    expect(message({ fromDateInclusive: '2025-01-01', toDateExclusive: '2026-01-03' })).toBe(reimbursementMessages.tooLong);
  });
});

describe('the amount of a booking in the range', () => {
  it('is the price for the share of the approved time in the range; free and priceless bookings are 0', () => {
    expect(amountInRange({ costCategory: 'MARKET', priceOre: 300_000, minutesInRange: 120, approvedMinutes: 120 })).toBe(300_000);
    expect(amountInRange({ costCategory: 'MARKET', priceOre: 300_000, minutesInRange: 60, approvedMinutes: 180 })).toBe(100_000);
    expect(amountInRange({ costCategory: 'COST', priceOre: 100_001, minutesInRange: 60, approvedMinutes: 120 })).toBe(50_001);
    expect(amountInRange({ costCategory: 'FREE', priceOre: 300_000, minutesInRange: 60, approvedMinutes: 60 })).toBe(0);
    expect(amountInRange({ costCategory: null, priceOre: null, minutesInRange: 60, approvedMinutes: 60 })).toBe(0);
    expect(amountInRange({ costCategory: 'COST', priceOre: null, minutesInRange: 60, approvedMinutes: 60 })).toBe(0);
  });

  it('two ranges that split a booking add up to its price within one øre', () => {
    for (const [price, a, b] of [
      [100_000, 60, 120],
      [99_999, 45, 45],
      [12_345, 15, 200],
    ] as const) {
      const total = a + b;
      const sum =
        amountInRange({ costCategory: 'COST', priceOre: price, minutesInRange: a, approvedMinutes: total }) +
        amountInRange({ costCategory: 'COST', priceOre: price, minutesInRange: b, approvedMinutes: total });
      expect(Math.abs(sum - price)).toBeLessThanOrEqual(1);
    }
  });
});

describe('the amount of a booking with an invoice basis (decision 063 §6)', () => {
  const months = [
    { period: '2026-01', amountOre: 275_000, minutesInRange: 0, minutesInMonth: 120 },
    { period: '2026-02', amountOre: 90_000, minutesInRange: 0, minutesInMonth: 60 },
    { period: '2026-03', amountOre: -45_000, minutesInRange: 0, minutesInMonth: 0 },
  ];
  const range = (fromDateInclusive: string, toDateExclusive: string) => ({ fromDateInclusive, toDateExclusive });

  it('is the basis of the months, not the price shared by hours, and wins over the price', () => {
    expect(basisAmountInRange(range('2026-01-01', '2026-04-01'), months)).toBe(320_000);
    expect(basisAmountInRange(range('2026-02-01', '2026-03-01'), months)).toBe(90_000);
    expect(amountInRange({ costCategory: 'COST', priceOre: 365_000, minutesInRange: 60, approvedMinutes: 180, basisOre: 275_000 })).toBe(
      275_000,
    );
    expect(amountInRange({ costCategory: 'FREE', priceOre: null, minutesInRange: 60, approvedMinutes: 60, basisOre: -5_000 })).toBe(-5_000);
  });

  it('shares a month the range holds part of by its hours, and a month without hours goes to the part holding its first day', () => {
    const january = [{ ...months[0]!, minutesInRange: 45, minutesInMonth: 120 }];
    expect(basisAmountInRange(range('2026-01-10', '2026-02-01'), january)).toBe(103_125);
    const march = [months[2]!];
    expect(basisAmountInRange(range('2026-03-01', '2026-03-15'), march)).toBe(-45_000);
    expect(basisAmountInRange(range('2026-03-15', '2026-04-01'), march)).toBe(0);
  });
});

describe('the report', () => {
  it('names the organisation, the person booked for, or the applicant, groups by them in Norwegian order and sums', () => {
    const report = buildReimbursementReport({
      locationId: 7,
      locationName: 'Bjølsen skole',
      range,
      bookings: [
        facts({
          bookingId: 1,
          caseNumber: 'C1',
          organizationNumber: '998877660',
          organizationName: 'Østensjø IL',
          costCategory: 'MARKET',
          priceOre: 200_000,
          minutesInRange: 90,
          approvedMinutes: 90,
        }),
        facts({ bookingId: 2, caseNumber: 'C2', userId: 11, userName: 'Ola Nordmann', minutesInRange: 30, approvedMinutes: 30 }),
        facts({
          bookingId: 3,
          caseNumber: 'C0',
          organizationNumber: '998877660',
          organizationName: 'Østensjø IL',
          costCategory: 'COST',
          priceOre: 50_000,
          minutesInRange: 60,
          approvedMinutes: 120,
        }),
        facts({
          bookingId: 4,
          caseNumber: 'C4',
          userId: null,
          userName: null,
          onBehalfOfName: 'Anne Vik',
          onBehalfOfEmail: 'ANNE@example.no',
          costCategory: null,
        }),
      ],
    });
    expect(report.rows.map((r) => [r.caseNumber, r.payerKind, r.payerName, r.hours, r.amountOre])).toEqual([
      ['C4', 'PERSON', 'Anne Vik', 1, 0],
      ['C2', 'PERSON', 'Ola Nordmann', 0.5, 0],
      ['C0', 'ORGANISATION', 'Østensjø IL', 1, 25_000],
      ['C1', 'ORGANISATION', 'Østensjø IL', 1.5, 200_000],
    ]);
    expect(report.groups).toEqual([
      { payerKind: 'PERSON', payerName: 'Anne Vik', organizationNumber: null, bookings: 1, minutes: 60, hours: 1, amountOre: 0 },
      { payerKind: 'PERSON', payerName: 'Ola Nordmann', organizationNumber: null, bookings: 1, minutes: 30, hours: 0.5, amountOre: 0 },
      {
        payerKind: 'ORGANISATION',
        payerName: 'Østensjø IL',
        organizationNumber: '998877660',
        bookings: 2,
        minutes: 150,
        hours: 2.5,
        amountOre: 225_000,
      },
    ]);
    expect(report.totals).toEqual({ bookings: 4, minutes: 240, hours: 4, amountOre: 225_000 });
  });

  it('keeps two people of the same name apart, and an empty range is an empty report', () => {
    const report = buildReimbursementReport({
      locationId: 7,
      locationName: 'X',
      range,
      bookings: [facts({ bookingId: 1, userId: 1 }), facts({ bookingId: 2, userId: 2 })],
    });
    expect(report.groups).toHaveLength(2);
    expect(buildReimbursementReport({ locationId: 7, locationName: 'X', range, bookings: [] })).toMatchObject({
      rows: [],
      groups: [],
      totals: { bookings: 0, minutes: 0, hours: 0, amountOre: 0 },
    });
  });
});
