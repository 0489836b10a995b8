import { lazy, Suspense } from 'react';
import { Loading } from '@lokaler/ui/loading';
import type { ResultsMapProps } from './results-map';
import './lazy-results-map.css';

// Leaflet and its CSS come with the map view, in their own chunk: the list view and every other
// page do without them (decision 021).
const OnDemandResultsMap = lazy(() => import('./results-map').then((m) => ({ default: m.ResultsMap })));

/** The map of ./results-map, loaded on demand; while it loads, a box of the map's size holds a spinner. */
export function ResultsMap(props: ResultsMapProps) {
  return (
    <Suspense
      fallback={
        <div className="lk-results-map-loading">
          <Loading label="Laster kartet" />
        </div>
      }
    >
      <OnDemandResultsMap {...props} />
    </Suspense>
  );
}
