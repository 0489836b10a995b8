import { useRef, useState, type CSSProperties, type PointerEvent as ReactPointerEvent } from 'react';
import { Alert, Button, Heading, Link, Paragraph, Table } from '@digdir/designsystemet-react';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useParams } from 'react-router';
import { roundConflictsQuery, roundQuery } from '@lokaler/api-client/admin-rounds';
import { isNotFoundError } from '@lokaler/api-client/api-client-error';
import { loadFailureMessage } from '@lokaler/api-client/user-message';
import {
  quarterTimeOfMinutes,
  weekdayName,
  weekdayNames,
  type AllocatedTime,
  type RoundBusyTime,
  type RoundConflicts,
  type RoundSummary,
  type RoundWish,
} from '@lokaler/domain/application-rounds';
import { usePageTitle } from '@lokaler/ui/page-title';
import { QueryLoader } from '@lokaler/ui/query-loader';
import { paths } from '../../config/paths';
import { formatDay } from '../../lib/format';
import { AllocationPanel } from './allocation-panel';
import { decisionText, dropStart, gridRange, layoutLanes, shownTime, spanOf, timeText, type TimeSpan } from './conflict-model';
import { countText } from './round-texts';
import '../../lib/common.css';
import './rounds.css';

const weekdays = [1, 2, 3, 4, 5, 6, 7] as const;

/**
 * /soknadsrunder/{roundId}/rom/{roomId}: the conflict view of one room (decision 030). A week
 * grid with every wish as a bar at its asked time, overlapping bars side by side and clashes marked
 * with a sign and a word; each bar opens the allocation panel. Below it the same wishes as a list per
 * weekday, which works at 320 px and reads well with a screen reader.
 */
export function ConflictPage() {
  const params = useParams();
  const roundId = Number(params.roundId);
  const roomId = Number(params.roomId);
  const valid = Number.isSafeInteger(roundId) && roundId > 0 && Number.isSafeInteger(roomId) && roomId > 0;
  const conflicts = useQuery({ ...roundConflictsQuery(roundId, roomId), enabled: valid });
  const round = useQuery({ ...roundQuery(roundId), enabled: valid });
  usePageTitle(conflicts.data ? `Fordeling av ${conflicts.data.room.name}` : 'Fordeling');
  return (
    <div className="lk-stack">
      <Paragraph>
        <Link asChild>
          <RouterLink to={paths.round.getHref(roundId)}>Tilbake til {round.data?.name ?? 'søknadsrunden'}</RouterLink>
        </Link>
      </Paragraph>
      <QueryLoader
        query={conflicts}
        loadingLabel="Henter søknadene til rommet"
        describeFailure={loadFailureMessage}
        isNotFound={isNotFoundError}
        notFound={<Paragraph>Fant ikke rommet i søknadsrunden.</Paragraph>}
      >
        {(data) => <ConflictView conflicts={data} roundId={roundId} lockedReason={round.data ? lockedReasonOf(round.data) : null} />}
      </QueryLoader>
    </div>
  );
}

/** Why the allocations cannot change now (null: they can): before the deadline new applications may still come. */
export function lockedReasonOf(round: Pick<RoundSummary, 'phase' | 'deadline'>): string | null {
  if (round.phase === 'ALLOCATING') return null;
  if (round.phase === 'CLOSING' || round.phase === 'CLOSED') return 'Runden er lukket. Fordelingen kan ikke endres lenger.';
  return `Fordelingen kan starte etter søknadsfristen ${formatDay(round.deadline)}.`;
}

function ConflictView({ conflicts, roundId, lockedReason }: { conflicts: RoundConflicts; roundId: number; lockedReason: string | null }) {
  const [openWishId, setOpenWishId] = useState<number | null>(null);
  // A bar dragged to another time opens the panel with that time chosen (saving is the panel's).
  const [proposal, setProposal] = useState<AllocatedTime | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const { room } = conflicts;
  const openWish = conflicts.wishes.find((w) => w.id === openWishId);
  const open = (wish: RoundWish, dropped: AllocatedTime | null = null) => {
    setSaved(null);
    setProposal(dropped);
    setOpenWishId(wish.id);
  };
  return (
    <>
      <Heading level={1} data-size="lg">
        Fordeling av {room.name}, {room.locationName}
      </Heading>
      <Paragraph>
        {countText(room.wishCount, 'søknad', 'søknader')}, {room.clashCount} i konflikt, {room.undecidedCount} ikke fordelt
      </Paragraph>
      {lockedReason && <Paragraph>{lockedReason}</Paragraph>}
      <div role="status">
        {saved && (
          <Alert data-color="success">
            <Paragraph>{saved}</Paragraph>
          </Alert>
        )}
      </div>
      <section className="lk-stack" aria-labelledby="lk-conflict-week">
        <Heading level={2} data-size="md" id="lk-conflict-week">
          Ukeoversikt
        </Heading>
        <Paragraph data-size="sm">
          Hver søknad vises ved tiden den ber om. Søknader som ber om de samme timene står side om side og er merket «Konflikt». Grå felt er
          tider rommet allerede er opptatt utenfor runden. Velg en søknad for å fordele den, eller dra den med musen til en annen tid.
        </Paragraph>
        <WeekGrid conflicts={conflicts} onOpen={open} openWishId={openWishId} draggable={!lockedReason} />
      </section>
      <section className="lk-stack" aria-labelledby="lk-conflict-list">
        <Heading level={2} data-size="md" id="lk-conflict-list">
          Søknadene per ukedag
        </Heading>
        <WishList conflicts={conflicts} onOpen={open} />
      </section>
      {openWish && (
        <AllocationPanel
          key={`${openWish.id}:${proposal ? timeText(proposal) + proposal.weekday : ''}`}
          proposal={proposal}
          roundId={roundId}
          roomId={room.id}
          conflicts={conflicts}
          wish={openWish}
          lockedReason={lockedReason}
          onClose={() => setOpenWishId(null)}
          onSaved={(message) => {
            setOpenWishId(null);
            setSaved(message);
          }}
        />
      )}
    </>
  );
}

type Bar = { kind: 'wish'; wish: RoundWish; span: TimeSpan } | { kind: 'busy'; busy: RoundBusyTime; span: TimeSpan };

/** One quarter's height in the grid. */
const QUARTER_REM = 1;
/** A weekday column's least width, per lane of bars side by side (at most MAX_WIDE_LANES). */
const DAY_MIN_REM = 6;
const MAX_WIDE_LANES = 4;

interface Drag {
  wish: RoundWish;
  pointerId: number;
  x: number;
  y: number;
  grabMinutes: number;
  moved: boolean;
  target: AllocatedTime | null;
}

function WeekGrid({
  conflicts,
  onOpen,
  openWishId,
  draggable,
}: {
  conflicts: RoundConflicts;
  onOpen: (wish: RoundWish, dropped?: AllocatedTime | null) => void;
  openWishId: number | null;
  draggable: boolean;
}) {
  const roomId = conflicts.room.id;
  const range = gridRange(conflicts, roomId);
  const drag = useRef<Drag | null>(null);
  const suppressClick = useRef(false);
  const [ghost, setGhost] = useState<AllocatedTime | null>(null);

  // Dragging is for a mouse or pen (a finger scrolls the grid); keyboard and touch use the panel.
  const onPointerDown = (event: ReactPointerEvent<HTMLButtonElement>, wish: RoundWish) => {
    if (!draggable || event.pointerType === 'touch' || event.button !== 0) return;
    const rect = event.currentTarget.getBoundingClientRect();
    const span = spanOf(shownTime(wish, roomId));
    const grabMinutes = rect.height > 0 ? ((event.clientY - rect.top) / rect.height) * (span.end - span.start) : 0;
    drag.current = { wish, pointerId: event.pointerId, x: event.clientX, y: event.clientY, grabMinutes, moved: false, target: null };
    event.currentTarget.setPointerCapture?.(event.pointerId);
  };
  const onPointerMove = (event: ReactPointerEvent<HTMLButtonElement>) => {
    const d = drag.current;
    if (!d || d.pointerId !== event.pointerId) return;
    if (!d.moved && Math.hypot(event.clientX - d.x, event.clientY - d.y) < 6) return;
    d.moved = true;
    const column = document
      .elementsFromPoint?.(event.clientX, event.clientY)
      .map((e) => e.closest<HTMLElement>('[data-weekday]'))
      .find(Boolean);
    if (!column) return;
    const rect = column.getBoundingClientRect();
    const span = spanOf(shownTime(d.wish, roomId));
    const duration = span.end - span.start;
    const start = dropStart({ y: event.clientY - rect.top, height: rect.height, range, grabMinutes: d.grabMinutes, duration });
    d.target = {
      roomId,
      weekday: Number(column.dataset.weekday),
      startTime: quarterTimeOfMinutes(start),
      endTime: quarterTimeOfMinutes(start + duration),
    };
    setGhost(d.target);
  };
  const onPointerUp = (event: ReactPointerEvent<HTMLButtonElement>) => {
    const d = drag.current;
    if (!d || d.pointerId !== event.pointerId) return;
    drag.current = null;
    setGhost(null);
    if (!d.moved) return;
    // The click that follows the release is not a click on the bar; and the panel opens after it, or
    // that click would land on the open dialog's backdrop and close it again.
    suppressClick.current = true;
    const { wish, target } = d;
    window.setTimeout(() => {
      suppressClick.current = false;
      if (target) onOpen(wish, target);
    }, 0);
  };
  const onPointerCancel = () => {
    drag.current = null;
    setGhost(null);
  };
  const quarters = (range.end - range.start) / 15;
  const hours: number[] = [];
  for (let m = range.start; m < range.end; m += 60) hours.push(m);
  const top = (minutes: number) => `${((minutes - range.start) / 15) * QUARTER_REM}rem`;
  const days = weekdays.map((weekday) => {
    const bars: Bar[] = [
      ...conflicts.busy.filter((b) => b.weekday === weekday).map((busy): Bar => ({ kind: 'busy', busy, span: spanOf(busy) })),
      ...conflicts.wishes
        .filter((w) => shownTime(w, roomId).weekday === weekday)
        .map((wish): Bar => ({ kind: 'wish', wish, span: spanOf(shownTime(wish, roomId)) })),
    ];
    const lanes = layoutLanes(bars.map((b) => b.span));
    // A day with bars side by side is wider (up to four lanes' worth), so each bar keeps room for its name.
    const width = Math.min(MAX_WIDE_LANES, Math.max(1, ...lanes.map((l) => l.lanes)));
    return { weekday, bars, lanes, width };
  });
  const columns = `3.5rem ${days.map((d) => `minmax(${DAY_MIN_REM * d.width}rem, ${d.width}fr)`).join(' ')}`;
  const minWidth = 3.5 + days.reduce((sum, d) => sum + DAY_MIN_REM * d.width, 0);

  return (
    <div className="lk-table-scroll" tabIndex={0} role="region" aria-label={`Uke med søknadene til ${conflicts.room.name}`}>
      <div
        className="lk-conflict-grid"
        style={
          { '--lk-grid-height': `${quarters * QUARTER_REM}rem`, gridTemplateColumns: columns, minWidth: `${minWidth}rem` } as CSSProperties
        }
      >
        <div className="lk-conflict-hours" aria-hidden="true">
          <div className="lk-conflict-day-head" />
          <div className="lk-conflict-day-body">
            {hours.map((m) => (
              <span key={m} className="lk-conflict-hour" style={{ top: top(m) }}>
                {String(m / 60).padStart(2, '0')}:00
              </span>
            ))}
          </div>
        </div>
        {days.map(({ weekday, bars, lanes }) => {
          const opening = conflicts.openingHours.find((h) => h.weekday === weekday);
          return (
            <div key={weekday} className="lk-conflict-day">
              <Heading level={3} data-size="2xs" className="lk-conflict-day-head">
                {capitalised(weekdayName(weekday))}
                {conflicts.openingHours.length > 0 && !opening && <span className="lk-subtle"> (stengt)</span>}
              </Heading>
              <div className="lk-conflict-day-body" data-weekday={weekday}>
                {ghost?.weekday === weekday && (
                  <span
                    className="lk-conflict-ghost"
                    style={{ top: top(spanOf(ghost).start), height: top(range.start + spanOf(ghost).end - spanOf(ghost).start) }}
                    aria-hidden="true"
                  >
                    {timeText(ghost)}
                  </span>
                )}
                {opening && (
                  <span
                    className="lk-conflict-open"
                    style={{ top: top(spanOf(opening).start), height: top(range.start + spanOf(opening).end - spanOf(opening).start) }}
                    aria-hidden="true"
                  />
                )}
                {hours.map((m) => (
                  <span key={m} className="lk-conflict-line" style={{ top: top(m) }} aria-hidden="true" />
                ))}
                {bars.map((bar, i) => {
                  const { lane, lanes: count } = lanes[i]!;
                  const style: CSSProperties = {
                    top: top(bar.span.start),
                    height: top(range.start + bar.span.end - bar.span.start),
                    left: `${(lane / count) * 100}%`,
                    width: `${100 / count}%`,
                  };
                  if (bar.kind === 'busy') {
                    return (
                      <div key={`busy-${i}`} className="lk-conflict-bar lk-conflict-bar--busy" style={style}>
                        <span className="lk-visually-hidden">{capitalised(weekdayName(weekday))} </span>
                        <strong>Opptatt</strong> {timeText(bar.busy)}
                        <span className="lk-conflict-bar-detail">{bar.busy.label}</span>
                      </div>
                    );
                  }
                  const { wish } = bar;
                  const clash = wish.clashesWith.length > 0;
                  const moved = wish.roomId !== roomId;
                  return (
                    <button
                      key={wish.id}
                      type="button"
                      className={`lk-conflict-bar lk-conflict-bar--${wish.decision.toLowerCase()}${clash ? ' lk-conflict-bar--clash' : ''}`}
                      style={style}
                      aria-haspopup="dialog"
                      aria-expanded={openWishId === wish.id}
                      onClick={() => {
                        if (!suppressClick.current) onOpen(wish);
                      }}
                      onPointerDown={(event) => onPointerDown(event, wish)}
                      onPointerMove={onPointerMove}
                      onPointerUp={onPointerUp}
                      onPointerCancel={onPointerCancel}
                    >
                      <span className="lk-visually-hidden">{capitalised(weekdayName(weekday))} </span>
                      <strong>{wish.applicantName}</strong>
                      {clash && (
                        <span className="lk-conflict-clash">
                          <span aria-hidden="true">⚠</span> Konflikt
                        </span>
                      )}{' '}
                      <span>{timeText(shownTime(wish, roomId))}</span>
                      <span className="lk-conflict-bar-detail">{moved ? 'Flyttet hit' : decisionText(wish, conflicts.rooms)}</span>
                    </button>
                  );
                })}
              </div>
            </div>
          );
        })}
      </div>
    </div>
  );
}

function WishList({ conflicts, onOpen }: { conflicts: RoundConflicts; onOpen: (wish: RoundWish) => void }) {
  const roomId = conflicts.room.id;
  const days = weekdays.filter(
    (d) => conflicts.wishes.some((w) => shownTime(w, roomId).weekday === d) || conflicts.busy.some((b) => b.weekday === d),
  );
  if (days.length === 0) return <Paragraph>Ingen har søkt om dette rommet i runden.</Paragraph>;
  return (
    <>
      {days.map((weekday) => {
        const wishes = conflicts.wishes
          .filter((w) => shownTime(w, roomId).weekday === weekday)
          .sort(
            (a, b) =>
              spanOf(shownTime(a, roomId)).start - spanOf(shownTime(b, roomId)).start ||
              a.applicantName.localeCompare(b.applicantName, 'nb'),
          );
        const busy = conflicts.busy.filter((b) => b.weekday === weekday);
        const caption = `${capitalised(weekdayName(weekday))}`;
        return (
          <div key={weekday} className="lk-stack">
            <Heading level={3} data-size="xs">
              {caption}
            </Heading>
            {busy.length > 0 && (
              <Paragraph data-size="sm">
                Opptatt utenfor runden:{' '}
                {busy.map((b) => `${timeText(b)} (${b.label}, ${countText(b.dateCount, 'dato', 'datoer')})`).join('; ')}
              </Paragraph>
            )}
            {wishes.length > 0 && (
              <div className="lk-table-scroll" tabIndex={0} role="region" aria-label={`Søknader ${weekdayNames[weekday - 1]}`}>
                <Table data-size="sm" zebra>
                  <caption className="lk-visually-hidden">Søknader {weekdayNames[weekday - 1]}</caption>
                  <Table.Head>
                    <Table.Row>
                      <Table.HeaderCell>Søker</Table.HeaderCell>
                      <Table.HeaderCell>Ønsket tid</Table.HeaderCell>
                      <Table.HeaderCell>Konflikt</Table.HeaderCell>
                      <Table.HeaderCell>Fordeling</Table.HeaderCell>
                      <Table.HeaderCell>
                        <span className="lk-visually-hidden">Handling</span>
                      </Table.HeaderCell>
                    </Table.Row>
                  </Table.Head>
                  <Table.Body>
                    {wishes.map((wish) => (
                      <Table.Row key={wish.id}>
                        <Table.Cell>{wish.applicantName}</Table.Cell>
                        <Table.Cell>
                          {weekdayName(wish.weekday)} {timeText(wish)}
                          {wish.roomId !== roomId
                            ? ` (søkt i ${conflicts.rooms.find((r) => r.id === wish.roomId)?.name ?? 'et annet rom'})`
                            : ''}
                        </Table.Cell>
                        <Table.Cell>{wish.clashesWith.length > 0 ? 'Konflikt' : 'Nei'}</Table.Cell>
                        <Table.Cell>{decisionText(wish, conflicts.rooms)}</Table.Cell>
                        <Table.Cell>
                          <Button variant="tertiary" data-size="sm" aria-haspopup="dialog" onClick={() => onOpen(wish)}>
                            Fordel<span className="lk-visually-hidden"> {wish.applicantName}</span>
                          </Button>
                        </Table.Cell>
                      </Table.Row>
                    ))}
                  </Table.Body>
                </Table>
              </div>
            )}
          </div>
        );
      })}
    </>
  );
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
