import { memo, useEffect, useRef, useState } from 'react';
import { Button, Card, Heading, Link, Paragraph } from '@digdir/designsystemet-react';
import { Link as RouterLink } from 'react-router';
import { SEARCH_PAGE_SIZE } from '@lokaler/domain/search-filters';
import type { SearchAssetHit } from '@lokaler/domain/search-request';
import { availabilityText, availableDates } from './result-filters';

/** Rooms per page from the server (shape=page): shown at first and per 'Vis flere'. */
export const RESULT_PAGE_SIZE = SEARCH_PAGE_SIZE;

/** 'Passer til N personer'; 'Antall personer ikke oppgitt' when the room does not say. */
export function capacityLabel(capacity: number | null): string {
  if (capacity === null) return 'Antall personer ikke oppgitt';
  return `Passer til ${capacity} ${capacity === 1 ? 'person' : 'personer'}`;
}

interface ResultCardProps {
  hit: SearchAssetHit;
  href: string;
}

/**
 * One room found: name (linking to its location page with the search), location, area, capacity and on
 * how many dates it is free. Memoised: the page re-renders as its other parts load (filters, markers),
 * and a card only changes with its room or its link (decision 025).
 */
const ResultCard = memo(function ResultCard({ hit, href }: ResultCardProps) {
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
});

interface ResultListProps {
  /** The rooms fetched so far. */
  hits: readonly SearchAssetHit[];
  /** How many the list has in all (after the filters). */
  total: number;
  /** Fetches the next page ('Vis flere'). */
  onMore: () => Promise<void>;
  hrefOf: (hit: SearchAssetHit) => string;
  /** The list's accessible name. */
  label: string;
}

/**
 * The rooms, a page (RESULT_PAGE_SIZE) at a time from the server with 'Vis flere'. After 'Vis flere'
 * focus moves to the first room added, so a keyboard or screen-reader user continues where the list
 * grew. The page gives the list a new key when its content is replaced (a new search or filter).
 */
export function ResultList({ hits, total, onMore, hrefOf, label }: ResultListProps) {
  const [focusFrom, setFocusFrom] = useState(-1);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const listRef = useRef<HTMLUListElement>(null);

  useEffect(() => {
    if (focusFrom < 0 || hits.length <= focusFrom) return;
    listRef.current?.querySelectorAll<HTMLElement>('li a')[focusFrom]?.focus();
  }, [focusFrom, hits.length]);

  const showMore = () => {
    if (busy) return;
    setFocusFrom(hits.length);
    setBusy(true);
    setFailed(false);
    onMore()
      .catch(() => setFailed(true))
      .finally(() => setBusy(false));
  };

  const rest = total - hits.length;
  return (
    <>
      <ul className="lk-result-list" aria-label={label} ref={listRef}>
        {hits.map((hit) => (
          <li key={hit.bookableAssetId}>
            <ResultCard hit={hit} href={hrefOf(hit)} />
          </li>
        ))}
      </ul>
      {rest > 0 && (
        <div className="lk-result-list__more">
          <Paragraph data-size="sm">
            Viser {hits.length} av {total} rom
          </Paragraph>
          {failed && <Paragraph data-size="sm">Vi klarte ikke å hente flere rom. Prøv igjen.</Paragraph>}
          <Button variant="secondary" onClick={showMore} aria-disabled={busy || undefined}>
            Vis flere
          </Button>
        </div>
      )}
    </>
  );
}
