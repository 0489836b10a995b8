import {
  hasFilters,
  passesFilters,
  SEARCH_PAGE_SIZE,
  searchWords,
  type CapacityBucketId,
  type SearchResultParams,
} from '@lokaler/domain/search-filters';
import type { LatLng } from '@lokaler/domain/location';
import { compareNorwegian } from '@lokaler/domain/norwegian-order';
import type { SearchAreaOption, SearchMarker } from '@lokaler/domain/search-request';
import type { SearchRoom } from './search-rooms-cache';

/**
 * The search answer in the shapes the screens use (decision 019): the list's page and the map's
 * markers, after the result filters of spec 01 §5 (capacity, free text folded on both sides, area).
 * The search itself (search-assets.ts) is unchanged: it answers every room, and these cut it down
 * before anything is written, so a city-wide answer is a few kilobytes instead of megabytes.
 */

export interface RoomAnswer {
  room: SearchRoom;
  unavailable: string[];
}

export interface SearchAnswer {
  datesCount: number;
  /** Spec 01 §5's order (inSearchOrder). */
  available: RoomAnswer[];
  unavailable: RoomAnswer[];
}

export interface AnswerFilters {
  active: boolean;
  capacity: CapacityBucketId[];
  words: string[];
  areas: Set<string>;
}

export function filtersOf(params: SearchResultParams): AnswerFilters {
  const capacity = [...new Set(params.capacity)];
  const text = params.text ?? '';
  const areas = new Set(params.area);
  return { active: hasFilters({ capacity, text, areas: [...areas] }), capacity, words: searchWords(text), areas };
}

export function filterAnswer(answer: SearchAnswer, filters: AnswerFilters): { available: RoomAnswer[]; unavailable: RoomAnswer[] } {
  if (!filters.active) return answer;
  const passes = (a: RoomAnswer) => passesFilters(a.room.hit, a.room.haystack, filters);
  return { available: answer.available.filter(passes), unavailable: answer.unavailable.filter(passes) };
}

/** The areas of the available rooms before the filters (ticking one must not hide the others), by name. */
function areaOptions(available: readonly RoomAnswer[]): SearchAreaOption[] {
  const byId = new Map<string, SearchAreaOption>();
  for (const { room } of available) {
    const { geographicAreaId: id, geographicAreaName: name } = room.hit;
    if (!id) continue;
    const option = byId.get(id);
    if (option) option.count += 1;
    else byId.set(id, { id, name, count: 1 });
  }
  return [...byId.values()].sort((a, b) => compareNorwegian(a.name, b.name));
}

export function pageJson(
  answer: SearchAnswer,
  filtered: { available: RoomAnswer[]; unavailable: RoomAnswer[] },
  params: SearchResultParams,
  line: (a: RoomAnswer) => string,
): string {
  const offset = params.offset ?? 0;
  const limit = params.limit ?? SEARCH_PAGE_SIZE;
  const slice = (which: 'available' | 'unavailable') =>
    params.list === undefined || params.list === which
      ? filtered[which]
          .slice(offset, offset + limit)
          .map(line)
          .join(',')
      : '';
  return (
    `{"available":[${slice('available')}],"unavailable":[${slice('unavailable')}],"totalAvailable":${filtered.available.length},` +
    `"totalUnavailable":${filtered.unavailable.length},"allAvailable":${answer.available.length},"allUnavailable":${answer.unavailable.length},` +
    `"areas":${JSON.stringify(areaOptions(answer.available))},"offset":${offset},"limit":${limit}}`
  );
}

/**
 * One marker per location with a free room that has a place on the map, in the order of its first
 * room in the list; its point is the middle of its free rooms' points (they stand in one place, or close).
 */
export function markersJson(available: readonly RoomAnswer[]): string {
  const byLocation = new Map<number, { marker: SearchMarker; points: LatLng[] }>();
  for (const { room } of available) {
    const point = room.hit.latLng;
    if (!point) continue;
    let entry = byLocation.get(room.row.locationId);
    if (!entry) {
      entry = {
        marker: { locationId: room.row.locationId, locationName: room.row.locationName, latLng: point, freeRooms: [] },
        points: [],
      };
      byLocation.set(room.row.locationId, entry);
    }
    entry.marker.freeRooms.push(room.hit.displayName);
    entry.points.push(point);
  }
  const markers = [...byLocation.values()].map(({ marker, points }) => ({ ...marker, latLng: middle(points) }));
  return JSON.stringify({ markers });
}

function middle(points: readonly LatLng[]): LatLng {
  const sum = points.reduce((acc, p) => ({ lat: acc.lat + p.lat, lng: acc.lng + p.lng }), { lat: 0, lng: 0 });
  // Six decimals are a tenth of a metre.
  return { lat: Math.round((sum.lat / points.length) * 1e6) / 1e6, lng: Math.round((sum.lng / points.length) * 1e6) / 1e6 };
}
