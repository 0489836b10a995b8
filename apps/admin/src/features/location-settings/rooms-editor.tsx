import { useRef, useState } from 'react';
import { Button, Heading, Paragraph, Tag as Badge } from '@digdir/designsystemet-react';
import { useQuery } from '@tanstack/react-query';
import { addRoomMutation, adminRoomsQuery, changeRoomMutation, deleteRoomMutation } from '@lokaler/api-client/admin-location-schedule';
import { isApiClientError } from '@lokaler/api-client/api-client-error';
import { useGuardedMutation } from '@lokaler/api-client/react/use-guarded-mutation';
import { assetTypesQuery, tagsQuery } from '@lokaler/api-client/reference-data';
import { loadFailureMessage, userMessageOf } from '@lokaler/api-client/user-message';
import { roomMessages, type AdminRoom } from '@lokaler/domain/admin-room';
import { assetDisplayName } from '@lokaler/domain/bookable-asset';
import { ConfirmDialog } from '@lokaler/ui/confirm-dialog';
import { Loading } from '@lokaler/ui/loading';
import { LoadFailureAlert } from '@lokaler/ui/query-loader';
import { useToasts } from '@lokaler/ui/toasts';
import { RoomForm } from './rooms-form';
import { newRoomValues, roomBody, roomFormValues, type RoomFormOutput } from './rooms-values';
import type { SettingsFormProps } from './settings-form-props';
import './rooms.css';

export const ROOM_SAVED = 'Rommet ble lagret';
export const ROOM_DELETED = 'Rommet ble slettet';

/** What a refused delete says: the server's text, and the contract's text for a 409 that has none. */
function deleteFailure(error: unknown): string {
  if (isApiClientError(error) && error.status === 409 && !error.userMsg) return roomMessages.hasFutureReservations;
  return userMessageOf(error);
}

/**
 * The rooms of a location (decision 015): each with its number, capacity and
 * whether the portal shows it; add and edit in a form of every roomFields field, hide/show, delete
 * (a room with future reservations cannot be deleted, only hidden). In the wizard, 'Lagre og gå
 * videre' needs at least one room.
 */
export function RoomsEditor({ locationId, mode, onSaved }: SettingsFormProps) {
  const { showToast } = useToasts();
  const rooms = useQuery(adminRoomsQuery(locationId));
  const tags = useQuery(tagsQuery());
  const assetTypes = useQuery(assetTypesQuery());
  const [editing, setEditing] = useState<AdminRoom | 'new' | null>(null);
  const [toDelete, setToDelete] = useState<AdminRoom | null>(null);
  const addButton = useRef<HTMLButtonElement>(null);

  const closeForm = () => {
    setEditing(null);
    // Back to where the person started, so the keyboard is not dropped at the top of the page.
    requestAnimationFrame(() => addButton.current?.focus());
  };
  const saved = () => {
    showToast({ type: 'success', msg: ROOM_SAVED });
    closeForm();
  };
  const add = useGuardedMutation(addRoomMutation(locationId), { onSuccess: saved });
  const change = useGuardedMutation(changeRoomMutation(locationId), { onSuccess: saved });
  const toggle = useGuardedMutation(changeRoomMutation(locationId), {
    onSuccess: (room) =>
      showToast({
        type: 'success',
        msg: room.status === 'PUBLISHED' ? `${room.name} vises i portalen` : `${room.name} er skjult i portalen`,
      }),
    onError: (error) => showToast({ type: 'danger', msg: userMessageOf(error) }),
  });
  const remove = useGuardedMutation(deleteRoomMutation(locationId), {
    onSuccess: () => {
      setToDelete(null);
      showToast({ type: 'success', msg: ROOM_DELETED });
    },
  });

  const save = (values: RoomFormOutput) => {
    if (editing === 'new') add.mutate(values);
    else if (editing) change.mutate({ roomId: editing.id, body: values });
  };
  const openForm = (room: AdminRoom | 'new') => {
    add.reset();
    change.reset();
    setEditing(room);
  };

  const list = rooms.data ?? [];
  const failed = rooms.error ?? tags.error ?? assetTypes.error;
  return (
    <div className="lk-stack lk-rooms">
      <Heading level={2} data-size="sm">
        Rom
      </Heading>
      {failed && <LoadFailureAlert failure={loadFailureMessage(failed)} />}
      {rooms.isPending && <Loading label="Henter rommene" />}
      {rooms.data && list.length === 0 && <Paragraph>Lokalet har ingen rom ennå. Legg til minst ett rom.</Paragraph>}
      {list.length > 0 && (
        <ul className="lk-room-list">
          {list.map((room) => {
            const visible = room.status === 'PUBLISHED';
            const name = assetDisplayName(room.name, room.externalAssetNumber);
            return (
              <li key={room.id} className="lk-room-card">
                <div className="lk-room-card__text">
                  <Heading level={3} data-size="2xs">
                    {name}
                  </Heading>
                  <Paragraph data-size="sm">
                    {room.capacity === null ? 'Kapasitet ikke oppgitt' : `Kapasitet ${room.capacity}`}
                    {room.squareMeters === null ? '' : `, ${room.squareMeters} m²`}
                  </Paragraph>
                  <Badge data-color={visible ? 'success' : 'neutral'} data-size="sm">
                    {visible ? 'Synlig' : 'Skjult'}
                  </Badge>
                </div>
                <div className="lk-dialog-actions">
                  <Button variant="secondary" data-size="sm" onClick={() => openForm(room)}>
                    Endre <span className="lk-visually-hidden">{name}</span>
                  </Button>
                  <Button
                    variant="tertiary"
                    data-size="sm"
                    disabled={toggle.isPending}
                    onClick={() => toggle.mutate({ roomId: room.id, body: { ...roomBody(room), visible: !visible } })}
                  >
                    {visible ? 'Skjul' : 'Vis'} <span className="lk-visually-hidden">{name}</span>
                  </Button>
                  <Button variant="tertiary" data-color="danger" data-size="sm" onClick={() => setToDelete(room)}>
                    Slett <span className="lk-visually-hidden">{name}</span>
                  </Button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {editing === null ? (
        <div>
          <Button
            ref={addButton}
            variant="secondary"
            onClick={() => openForm('new')}
            disabled={!rooms.data || !tags.data || !assetTypes.data}
          >
            Legg til rom
          </Button>
        </div>
      ) : (
        <RoomForm
          key={editing === 'new' ? 'new' : editing.id}
          title={editing === 'new' ? 'Nytt rom' : `Endre ${editing.name}`}
          initial={editing === 'new' ? newRoomValues : roomFormValues(editing)}
          tags={tags.data ?? []}
          assetTypes={assetTypes.data ?? []}
          saving={add.isPending || change.isPending}
          saveError={add.error ?? change.error}
          guardUnsaved={mode === 'settings'}
          onSave={save}
          onCancel={closeForm}
        />
      )}
      {mode === 'wizard' && (
        <div className="lk-stack">
          {list.length === 0 && (
            <Paragraph data-size="sm" id="lk-rooms-needed">
              Du må legge til minst ett rom før du kan gå videre.
            </Paragraph>
          )}
          <div>
            <Button
              onClick={() => onSaved?.()}
              disabled={list.length === 0}
              aria-describedby={list.length === 0 ? 'lk-rooms-needed' : undefined}
            >
              Lagre og gå videre
            </Button>
          </div>
        </div>
      )}
      <ConfirmDialog
        open={toDelete !== null}
        title="Slette rommet?"
        confirmLabel="Slett"
        tone="danger"
        busy={remove.isPending}
        error={remove.error ? deleteFailure(remove.error) : null}
        onConfirm={() => toDelete && remove.mutate(toDelete.id)}
        onCancel={() => {
          setToDelete(null);
          remove.reset();
        }}
      >
        {toDelete ? `${toDelete.name} blir borte fra portalen og fra listen. Tidligere reservasjoner beholdes i historikken.` : ''}
      </ConfirmDialog>
    </div>
  );
}
