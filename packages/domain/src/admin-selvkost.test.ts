import { describe, expect, it } from 'vitest';
import { calculateSelvkost, formatKroner, lokalkategoriOf, type CostBasedPrices } from './admin-selvkost';

const prices: CostBasedPrices = {
  lokalkategori1: 15_000,
  lokalkategori2: 30_000,
  lokalkategori3: 60_000,
  etableringSemesterlan: 50_000,
  etableringEngangsutleie: 25_000,
  timeTilsynsvakt: 45_000,
  timeEkstraRenhold: 55_000,
};

describe('lokalkategoriOf', () => {
  it('groups rooms by floor area; an unknown area is the smallest category', () => {
    expect([null, 0, 79.9, 80, 199, 200, 600].map(lokalkategoriOf)).toEqual([1, 1, 1, 2, 2, 3, 3]);
  });
});

describe('calculateSelvkost', () => {
  const room = (roomName: string, squareMeters: number | null, date: string, durationMinutes: number) => ({
    bookableAssetId: 1,
    roomName,
    squareMeters,
    date,
    durationMinutes,
  });

  it('prices hours per category, the etablering once, and tilsynsvakt on the chosen weekdays', () => {
    const result = calculateSelvkost({
      prices,
      // 2026-03-02 is a Monday, 2026-03-03 a Tuesday.
      reservations: [room('Gymsal', 400, '2026-03-02', 90), room('Gymsal', 400, '2026-03-03', 90), room('Klasserom', 60, '2026-03-03', 45)],
      durationType: 'SINGLE_BOOKING',
      hasTilsynsvakt: true,
      tilsynsvaktWeekdays: ['TUESDAY'],
    });
    expect(result.lines).toEqual([
      { kind: 'ROOM', description: 'Lokalkategori 1 (Klasserom)', quantity: 0.75, unitPriceOre: 15_000, amountOre: 11_250 },
      { kind: 'ROOM', description: 'Lokalkategori 3 (Gymsal)', quantity: 3, unitPriceOre: 60_000, amountOre: 180_000 },
      { kind: 'ETABLERING', description: 'Etablering, engangsutleie', quantity: 1, unitPriceOre: 25_000, amountOre: 25_000 },
      { kind: 'TILSYNSVAKT', description: 'Tilsynsvakt', quantity: 2.25, unitPriceOre: 45_000, amountOre: 101_250 },
    ]);
    expect(result.totalOre).toBe(317_500);
    expect(result.ekstraRenholdPerHourOre).toBe(55_000);
  });

  it('leaves tilsynsvakt out unless asked for, and rounds each line to whole øre', () => {
    const result = calculateSelvkost({
      prices: { ...prices, lokalkategori2: 33_333 },
      reservations: [room('Kantine', 100, '2026-03-02', 20)],
      durationType: 'SEMESTERLOAN',
      hasTilsynsvakt: false,
      tilsynsvaktWeekdays: ['MONDAY'],
    });
    expect(result.lines.map((l) => [l.kind, l.amountOre])).toEqual([
      ['ROOM', 11_111],
      ['ETABLERING', 50_000],
    ]);
    expect(result.totalOre).toBe(61_111);
  });
});

describe('formatKroner', () => {
  it('writes øre as Norwegian kroner with a plain-space grouping', () => {
    expect([0, 5, 350_000, 123_456_789, -1_050].map(formatKroner)).toEqual([
      '0,00 kr',
      '0,05 kr',
      '3 500,00 kr',
      '1 234 567,89 kr',
      '-10,50 kr',
    ]);
  });
});
