import { useEffect, useRef, useState } from 'react';
import { Button, Card, Heading, Link, Paragraph } from '@digdir/designsystemet-react';
import { Link as RouterLink } from 'react-router';
import type { SearchAssetHit } from '@lokaler/domain/search-request';
import { availabilityText, availableDates } from './result-filters';

/** Rooms shown at first and per 'Vis flere': six thousand cards at once would freeze the page. */
export const RESULT_PAGE_SIZE = 30;

/** 'Passer til N personer'; 'Antall personer ikke oppgitt' when the room does not say. */
export function capacityLabel(capacity: number | null): string {
  if (capacity === null) return 'Antall personer ikke oppgitt';
  return `Passer til ${capacity} ${capacity === 1 ? 'person' : 'personer'}`;
}

interface ResultCardProps {
  hit: SearchAssetHit;
  href: string;
}

/** One room found: name (linking to its location page with the search), location, area, capacity and on how many dates it is free. */
function ResultCard({ hit, href }: ResultCardProps) {
  const free = availableDates(hit);
  const tone = free === 0 ? 'neutral' : free === hit.datesCount ? 'success' : 'warning';
  return (
    <Card asChild data-color="neutral">
      <article className="lk-result-card" aria-labelledby={`lk-hit-${hit.bookableAssetId}`}>
        <Heading level={3} data-size="xs" id={`lk-hit-${hit.bookableAssetId}`}>
          <Link asChild>
            <RouterLink to={href}>{hit.displayName}</RouterLink>
          </Link>
        </Heading>
        <Paragraph data-size="sm" className="lk-result-card__place">
          {hit.locationName}
          {hit.geographicAreaName && <span className="lk-result-card__area"> · {hit.geographicAreaName}</span>}
        </Paragraph>
        <Paragraph data-size="sm" className="lk-result-card__facts">
          <span>{capacityLabel(hit.capacity)}</span>
          <span className={`lk-result-card__availability lk-result-card__availability--${tone}`}>{availabilityText(hit)}</span>
        </Paragraph>
      </article>
    </Card>
  );
}

interface ResultListProps {
  hits: readonly SearchAssetHit[];
  hrefOf: (hit: SearchAssetHit) => string;
  /** The list's accessible name. */
  label: string;
  /** Change when the list's content is replaced (a new search or filter) so it starts from the top again. */
  resetKey: string;
}

/**
 * The rooms, RESULT_PAGE_SIZE at a time with 'Vis flere'. After 'Vis flere' focus moves to the first
 * room shown, so a keyboard or screen-reader user continues where the list grew.
 */
export function ResultList({ hits, hrefOf, label, resetKey }: ResultListProps) {
  const [shown, setShown] = useState({ key: resetKey, count: RESULT_PAGE_SIZE, focusFrom: -1 });
  const current = shown.key === resetKey ? shown : { key: resetKey, count: RESULT_PAGE_SIZE, focusFrom: -1 };
  if (current !== shown) setShown(current);
  const listRef = useRef<HTMLUListElement>(null);

  useEffect(() => {
    if (current.focusFrom < 0) return;
    listRef.current?.querySelectorAll<HTMLElement>('li a')[current.focusFrom]?.focus();
  }, [current.focusFrom]);

  const visible = hits.slice(0, current.count);
  const rest = hits.length - visible.length;
  return (
    <>
      <ul className="lk-result-list" aria-label={label} ref={listRef}>
        {visible.map((hit) => (
          <li key={hit.bookableAssetId}>
            <ResultCard hit={hit} href={hrefOf(hit)} />
          </li>
        ))}
      </ul>
      {rest > 0 && (
        <div className="lk-result-list__more">
          <Paragraph data-size="sm">
            Viser {visible.length} av {hits.length} rom
          </Paragraph>
          <Button variant="secondary" onClick={() => setShown({ key: resetKey, count: current.count + RESULT_PAGE_SIZE, focusFrom: current.count })}>
            Vis flere
          </Button>
        </div>
      )}
    </>
  );
}
