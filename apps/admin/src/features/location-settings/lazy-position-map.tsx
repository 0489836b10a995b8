import { lazy, Suspense } from 'react';
import { Loading } from '@lokaler/ui/loading';
import type { PositionMapProps } from './position-map';

// Leaflet and its CSS come with the map, in their own chunk, when a form with the map is shown.
const OnDemandPositionMap = lazy(() => import('./position-map').then((m) => ({ default: m.PositionMap })));

/** The position map of ./position-map, loaded on demand; while it loads, its box (same size) holds a spinner. */
export function PositionMap(props: PositionMapProps) {
  return (
    <Suspense
      fallback={
        <div className="lk-position-map">
          <Loading label="Laster kartet" />
        </div>
      }
    >
      <OnDemandPositionMap {...props} />
    </Suspense>
  );
}
