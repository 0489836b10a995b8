import { useState, type ReactNode } from 'react';
import { Button, Details, Heading, Paragraph, Table } from '@digdir/designsystemet-react';
import type { AdminBookingView } from '@lokaler/domain/admin-booking-view';
import { reservationChangeMessages } from '@lokaler/domain/admin-reservation-change';
import { formatDate } from '@lokaler/domain/scheduling/format-date';
import { formatClock } from '@lokaler/domain/scheduling/time-of-day';
import { formatDay } from '../../lib/format';
import { ChangeTimeDialog } from './change-time-dialog';
import { DeleteTimesDialog } from './delete-times-dialog';
import { RejectRoomDialog } from './reject-room-dialog';
import { describeRow, reservationStatusLabels, roomTimesOf, type RoomTimes, type TimeRow } from './time-rows';

type Editing =
  | { kind: 'change'; row: TimeRow; roomName: string }
  | { kind: 'delete'; row: TimeRow; roomName: string }
  | { kind: 'reject-room'; room: RoomTimes }
  | null;

/**
 * The booking's rooms and times, adjacent times merged. While the booking is open the administrator
 * can move a time, delete times, or reject a whole room.
 */
export function ReservationsSection({ booking }: { booking: AdminBookingView }) {
  const [editing, setEditing] = useState<Editing>(null);
  const rooms = roomTimesOf(booking.reservations);
  const open = booking.status === 'UNPROCESSED' || booking.status === 'APPROVED';
  const activeRooms = rooms.filter((r) => r.active.length > 0).length;
  // The server refuses to delete every time of a booking (reject the booking instead), so a row that holds
  // them all offers no 'Slett'.
  const activeTimes = rooms.reduce((sum, r) => sum + r.active.reduce((n, row) => n + row.reservations.length, 0), 0);
  const deletable = (row: TimeRow) => row.reservations.length < activeTimes;
  const close = () => setEditing(null);

  return (
    <section aria-labelledby="lk-times" className="lk-section">
      <Heading level={2} data-size="sm" id="lk-times">
        Rom og tider
      </Heading>
      {rooms.length === 0 && <Paragraph>Søknaden har ingen tider.</Paragraph>}
      {rooms.map((room) => (
        <div key={room.bookableAssetId} className="lk-room-times">
          <div className="lk-room-times__heading">
            <Heading level={3} data-size="xs">
              {room.name}
            </Heading>
            {open && room.active.length > 0 && activeRooms > 1 && (
              <Button variant="tertiary" data-size="sm" data-color="danger" onClick={() => setEditing({ kind: 'reject-room', room })}>
                Avslå rommet
              </Button>
            )}
          </div>
          {room.active.length === 0 ? (
            <Paragraph data-size="sm">Ingen aktive tider i dette rommet.</Paragraph>
          ) : (
            <TimeTable
              caption={`Tider i ${room.name}`}
              rows={room.active}
              actions={
                open
                  ? (row) => (
                      <div className="lk-row-actions">
                        {row.reservations.length === 1 && (
                          <Button
                            variant="secondary"
                            data-size="sm"
                            onClick={() => setEditing({ kind: 'change', row, roomName: room.name })}
                            aria-label={`Endre tid ${describeRow(row)}`}
                          >
                            Endre tid
                          </Button>
                        )}
                        {deletable(row) && (
                          <Button
                            variant="tertiary"
                            data-size="sm"
                            data-color="danger"
                            onClick={() => setEditing({ kind: 'delete', row, roomName: room.name })}
                            aria-label={`Slett tid ${describeRow(row)}`}
                          >
                            Slett
                          </Button>
                        )}
                      </div>
                    )
                  : undefined
              }
            />
          )}
          {open && room.active.some((row) => !deletable(row)) && <Paragraph data-size="sm">{reservationChangeMessages.allTimes}</Paragraph>}
          {room.inactive.length > 0 && (
            <Details>
              <Details.Summary>Endrede og slettede tider ({room.inactive.length})</Details.Summary>
              <Details.Content>
                <TimeTable caption={`Endrede og slettede tider i ${room.name}`} rows={room.inactive} />
              </Details.Content>
            </Details>
          )}
        </div>
      ))}
      {editing?.kind === 'change' && editing.row.reservations[0] && (
        <ChangeTimeDialog reservation={editing.row.reservations[0]} roomName={editing.roomName} onClose={close} />
      )}
      {editing?.kind === 'delete' && <DeleteTimesDialog row={editing.row} roomName={editing.roomName} onClose={close} />}
      {editing?.kind === 'reject-room' && <RejectRoomDialog bookingId={booking.bookingId} room={editing.room} onClose={close} />}
    </section>
  );
}

function TimeTable({ caption, rows, actions }: { caption: string; rows: readonly TimeRow[]; actions?: (row: TimeRow) => ReactNode }) {
  return (
    <div className="lk-table-scroll" tabIndex={0} role="region" aria-label={caption}>
      <Table data-size="sm" zebra>
        <caption className="lk-visually-hidden">{caption}</caption>
        <Table.Head>
          <Table.Row>
            <Table.HeaderCell>Dato</Table.HeaderCell>
            <Table.HeaderCell>Tid</Table.HeaderCell>
            <Table.HeaderCell>Status</Table.HeaderCell>
            {actions && <Table.HeaderCell>Handlinger</Table.HeaderCell>}
          </Table.Row>
        </Table.Head>
        <Table.Body>
          {rows.map((row) => (
            <Table.Row key={row.reservations.map((r) => r.reservationId).join('-')}>
              <Table.Cell>
                {formatDate(row.date, 'EEE')} {formatDay(row.date)}
              </Table.Cell>
              <Table.Cell>
                {formatClock(row.startTime)}–{formatClock(row.endTime)}
              </Table.Cell>
              <Table.Cell>{reservationStatusLabels[row.status]}</Table.Cell>
              {actions && <Table.Cell>{actions(row)}</Table.Cell>}
            </Table.Row>
          ))}
        </Table.Body>
      </Table>
    </div>
  );
}
