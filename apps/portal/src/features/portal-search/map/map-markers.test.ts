import { describe, expect, it } from 'vitest';
import { locationMarkers, markerLabel, markersSignature } from './map-markers';
import { buildHit } from './test-hits';

describe('locationMarkers', () => {
  it('makes one marker per location, named by its free rooms, in the order of the list', () => {
    const markers = locationMarkers([
      buildHit({ locationId: 2, locationName: 'Deichman Nydalen', displayName: 'Møterom 1', latLng: { lat: 59.95, lng: 10.76 } }),
      buildHit({ locationId: 1, locationName: 'Korsvoll skole', displayName: 'Gymsal', latLng: { lat: 59.96, lng: 10.73 } }),
      buildHit({ locationId: 2, locationName: 'Deichman Nydalen', displayName: 'Møterom 2', latLng: { lat: 59.95, lng: 10.76 } }),
    ]);
    expect(markers.map(markerLabel)).toEqual(['Deichman Nydalen: 2 ledige rom', 'Korsvoll skole: 1 ledig rom']);
    expect(markers[0]).toEqual({
      locationId: 2,
      locationName: 'Deichman Nydalen',
      latLng: { lat: 59.95, lng: 10.76 },
      freeRooms: ['Møterom 1', 'Møterom 2'],
    });
  });

  it('places a location in the middle of its rooms when they stand apart', () => {
    const [marker] = locationMarkers([
      buildHit({ locationId: 1, latLng: { lat: 59.9, lng: 10.7 } }),
      buildHit({ locationId: 1, latLng: { lat: 59.92, lng: 10.74 } }),
    ]);
    expect(marker!.latLng.lat).toBeCloseTo(59.91, 10);
    expect(marker!.latLng.lng).toBeCloseTo(10.72, 10);
  });

  it('leaves off rooms without a place on the map, and locations with no free room', () => {
    const markers = locationMarkers([
      buildHit({ locationId: 1, locationName: 'Uten kart', latLng: null }),
      buildHit({ locationId: 2, locationName: 'Tøyen skole', displayName: 'Aula', latLng: null }),
      buildHit({ locationId: 2, locationName: 'Tøyen skole', displayName: 'Gymsal', latLng: { lat: 59.91, lng: 10.77 } }),
      buildHit({
        locationId: 3,
        locationName: 'Fullt hus',
        datesCount: 2,
        unavailableDates: ['2026-12-01', '2026-12-08'],
        latLng: { lat: 59.93, lng: 10.7 },
      }),
      buildHit({
        locationId: 4,
        locationName: 'Delvis ledig',
        datesCount: 2,
        unavailableDates: ['2026-12-01'],
        latLng: { lat: 59.94, lng: 10.7 },
      }),
    ]);
    expect(markers.map(markerLabel)).toEqual(['Tøyen skole: 1 ledig rom', 'Delvis ledig: 1 ledig rom']);
  });

  it('has no markers for no hits', () => {
    expect(locationMarkers([])).toEqual([]);
  });
});

describe('markersSignature', () => {
  it('is the same for equal hits and changes when a marker would look different', () => {
    const hits = () => [buildHit({ bookableAssetId: 1, locationId: 1, displayName: 'Gymsal', latLng: { lat: 59.9, lng: 10.7 } })];
    const signature = markersSignature(locationMarkers(hits()));
    expect(markersSignature(locationMarkers(hits()))).toBe(signature);
    expect(
      markersSignature(locationMarkers([...hits(), buildHit({ locationId: 1, displayName: 'Aula', latLng: { lat: 59.9, lng: 10.7 } })])),
    ).not.toBe(signature);
  });
});
