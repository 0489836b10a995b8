import { describe, expect, it } from 'vitest';
import { compareByShareThenName } from '@lokaler/domain/scheduling/available-dates';
import type { SearchAssetHit } from '@lokaler/domain/search-request';
import { inSearchOrder, norwegianRanks } from './to-search-hit';

const hit = (id: number, displayName: string, locationName: string, datesCount: number, unavailable: number): SearchAssetHit => ({
  bookableAssetId: id,
  locationId: 1,
  datesCount,
  unavailableDates: Array.from({ length: unavailable }, (_, i) => `2030-01-${String(i + 1).padStart(2, '0')}`),
  name: displayName,
  displayName,
  capacity: null,
  assetTypeId: null,
  locationName,
  geographicAreaId: 'sagene',
  geographicAreaName: 'Sagene',
  latLng: null,
  tagIds: [],
  behandlingstid: 0,
});

describe('inSearchOrder', () => {
  it('orders by share, then Norwegian name (æ, ø, å after z), then location, then id', () => {
    const hits = [
      hit(1, 'Øvingsrom', 'Østensjø skole', 4, 1),
      hit(2, 'Aula', 'Vestre Aker skole', 4, 1),
      hit(3, 'Zeppelinsal', 'Bjerke', 4, 0),
      hit(4, 'Ærfuglrom', 'Alna', 4, 0),
      hit(5, 'Aula', 'Alna skole', 4, 1),
      hit(6, 'Gymsal 10', 'Alna', 4, 0),
      hit(7, 'Gymsal 9', 'Alna', 4, 0),
      hit(8, 'Aula', 'Alna skole', 4, 1),
      hit(9, 'Lager', 'Alna', 4, 4),
      hit(10, 'Bod', 'Alna', 0, 0),
    ];
    const ranks = norwegianRanks(hits.flatMap((h) => [h.displayName, h.locationName]));
    const order = inSearchOrder(
      hits.map((h) => ({
        hit: h,
        share: h.datesCount === 0 ? 0 : (h.datesCount - h.unavailableDates.length) / h.datesCount,
        nameRank: ranks.get(h.displayName) ?? 0,
        locationRank: ranks.get(h.locationName) ?? 0,
        id: h.bookableAssetId,
      })),
    );
    const available = order.available.map((e) => e.hit);
    const unavailable = order.unavailable.map((e) => e.hit);
    expect(available.map((h) => h.bookableAssetId)).toEqual([7, 6, 3, 4, 5, 8, 2, 1]);
    // The rule of the domain: share first, then the Norwegian name.
    const share = (h: SearchAssetHit) => (h.datesCount - h.unavailableDates.length) / h.datesCount;
    const byRule = [...available].sort((a, b) =>
      compareByShareThenName({ share: share(a), name: a.displayName }, { share: share(b), name: b.displayName }),
    );
    expect(available.map((h) => h.displayName)).toEqual(byRule.map((h) => h.displayName));
    // Free on no date, or asked about no date.
    expect(unavailable.map((h) => h.bookableAssetId)).toEqual([10, 9]);
  });
});
