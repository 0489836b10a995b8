import { useId, useState } from 'react';
import {
  Alert,
  Button,
  Dialog,
  Field,
  Fieldset,
  Heading,
  Label,
  Paragraph,
  Radio,
  Select,
  Textarea,
  ValidationMessage,
} from '@digdir/designsystemet-react';
import { useQueryClient } from '@tanstack/react-query';
import { putAllocationsMutation, roundConflictsQuery, roundErrorCode, roundUserMessage } from '@lokaler/api-client/admin-rounds';
import { useGuardedMutation } from '@lokaler/api-client/react/use-guarded-mutation';
import {
  ageGroupLabels,
  allocationChange,
  minutesOfQuarterTime,
  roundErrorCodes,
  weekdayName,
  weekdayNames,
  type AllocatedTime,
  type AllocationChange,
  type RoundConflicts,
  type RoundWish,
} from '@lokaler/domain/application-rounds';
import { formatInstant } from '../../lib/format';
import { decisionText, earlierUseText, quarterTimes, timeText } from './conflict-model';

type Choice = 'ASKED' | 'OTHER' | 'NONE';

interface PanelValues {
  choice: Choice | '';
  roomId: string;
  weekday: string;
  startTime: string;
  endTime: string;
  reason: string;
}

function initialValues(wish: RoundWish, proposal: AllocatedTime | null): PanelValues {
  if (proposal) {
    return {
      choice: 'OTHER',
      roomId: String(proposal.roomId),
      weekday: String(proposal.weekday),
      startTime: proposal.startTime,
      endTime: proposal.endTime,
      reason: wish.reason ?? '',
    };
  }
  const time = wish.allocated ?? { roomId: wish.roomId, weekday: wish.weekday, startTime: wish.startTime, endTime: wish.endTime };
  return {
    choice: wish.decision === 'UNDECIDED' ? '' : wish.decision,
    roomId: String(time.roomId),
    weekday: String(time.weekday),
    startTime: time.startTime,
    endTime: time.endTime,
    reason: wish.reason ?? '',
  };
}

/** The change the panel sends for its values (allocationChange's shape; the schema judges it). */
export function changeOf(wish: RoundWish, version: number, values: PanelValues): AllocationChange {
  const reason = values.reason.trim() || null;
  if (values.choice === 'OTHER') {
    return {
      wishId: wish.id,
      version,
      decision: 'OTHER',
      allocated: { roomId: Number(values.roomId), weekday: Number(values.weekday), startTime: values.startTime, endTime: values.endTime },
      reason,
    };
  }
  return {
    wishId: wish.id,
    version,
    decision: values.choice === '' ? 'UNDECIDED' : values.choice,
    allocated: null,
    reason: values.choice === 'NONE' ? reason : null,
  };
}

export interface AllocationPanelProps {
  roundId: number;
  roomId: number;
  conflicts: RoundConflicts;
  wish: RoundWish;
  /** A time the wish was dragged to in the grid: the panel opens with it chosen. */
  proposal?: AllocatedTime | null;
  /** Why the allocation cannot change now (before the deadline, or the round is closing or closed); null when it can. */
  lockedReason: string | null;
  onClose: () => void;
  onSaved: (message: string) => void;
}

/**
 * The allocation of one wish (decision 030): who asks, for what, and the choice — as asked,
 * another time or room, or none. The change carries the version the panel was opened with; when
 * someone else saved meanwhile (409 ROUND_ALLOCATION_STALE) the view is read again, the panel keeps
 * what the person chose and says what the wish is now, and a second 'Lagre' overwrites it knowingly.
 */
export function AllocationPanel({
  roundId,
  roomId,
  conflicts,
  wish,
  proposal = null,
  lockedReason,
  onClose,
  onSaved,
}: AllocationPanelProps) {
  const queryClient = useQueryClient();
  const titleId = useId();
  const [values, setValues] = useState<PanelValues>(() => initialValues(wish, lockedReason ? null : proposal));
  const [version, setVersion] = useState(wish.version);
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [notice, setNotice] = useState<{ message: string; now: string } | null>(null);
  const set = (patch: Partial<PanelValues>) => setValues((v) => ({ ...v, ...patch }));

  const save = useGuardedMutation(putAllocationsMutation(queryClient, roundId), {
    onSuccess: ({ wishes }) => {
      const saved = wishes.find((w) => w.id === wish.id);
      onSaved(
        `Lagret: ${wish.applicantName}, ${weekdayName(wish.weekday)} ${timeText(wish)} – ${saved ? decisionText(saved, conflicts.rooms) : 'fordelingen er endret'}.`,
      );
    },
    onError: async (error) => {
      if (roundErrorCode(error) !== roundErrorCodes.stale) return;
      // Read the view again now; the panel keeps its values and says what the wish has become.
      const fresh = await queryClient.fetchQuery({ ...roundConflictsQuery(roundId, roomId), staleTime: 0 }).catch(() => null);
      const now = fresh?.wishes.find((w) => w.id === wish.id);
      if (!now) return;
      setVersion(now.version);
      const by = now.updatedBy ? ` av ${now.updatedBy}${now.updatedAt ? ` ${formatInstant(now.updatedAt)}` : ''}` : '';
      setNotice({
        message: roundUserMessage(error),
        now: `Ønsket er nå: ${decisionText(now, fresh!.rooms)}${now.reason ? ` (begrunnelse: ${now.reason})` : ''}, endret${by}. Valgene dine under er beholdt. Lagre igjen for å bruke dem i stedet.`,
      });
    },
  });

  const submit = () => {
    const next: Record<string, string> = {};
    if (values.choice === '') next.choice = 'Velg hvordan ønsket skal fordeles';
    const change = changeOf(wish, version, values);
    const parsed = allocationChange.safeParse(change);
    if (!parsed.success)
      for (const issue of parsed.error.issues) next[issue.path.at(-1) === 'endTime' ? 'endTime' : String(issue.path[0])] ??= issue.message;
    setProblems(next);
    if (Object.keys(next).length > 0 || !parsed.success) return;
    setNotice(null);
    save.mutate({ changes: [parsed.data] });
  };

  // The choices are bounded by the room's opening hours on that weekday (a whole day where they are unknown).
  const hours = Number(values.roomId) === roomId ? conflicts.openingHours.find((h) => h.weekday === Number(values.weekday)) : undefined;
  const times = quarterTimes(hours ? minutesOfQuarterTime(hours.startTime) : 0, hours ? minutesOfQuarterTime(hours.endTime) : 24 * 60);
  const withCurrent = (time: string) => (times.includes(time) ? times : [...times, time].sort());
  const error = save.error ? roundUserMessage(save.error) : null;
  const ids = {
    room: `${titleId}-room`,
    weekday: `${titleId}-weekday`,
    start: `${titleId}-start`,
    end: `${titleId}-end`,
    reason: `${titleId}-reason`,
  };

  return (
    <Dialog open onClose={onClose} closedby="any" aria-labelledby={titleId} closeButton="Lukk">
      <Dialog.Block>
        <Heading level={2} data-size="sm" id={titleId}>
          {wish.applicantName}
        </Heading>
        <Paragraph data-size="sm">
          Ønsker {weekdayName(wish.weekday)} {timeText(wish)} ({wish.dateCount} {wish.dateCount === 1 ? 'dato' : 'datoer'})
        </Paragraph>
        <dl className="lk-round-facts">
          <dt>Aktivitet</dt>
          <dd>{wish.activity ?? 'Ikke oppgitt'}</dd>
          <dt>Deltakere</dt>
          <dd>{wish.participants ?? 'Ikke oppgitt'}</dd>
          <dt>Aldersgruppe</dt>
          <dd>{wish.ageGroup ? ageGroupLabels[wish.ageGroup] : 'Ikke oppgitt'}</dd>
          <dt>Tidligere bruk</dt>
          <dd>{earlierUseText(wish.earlierUseHours)}</dd>
          <dt>Saksnummer</dt>
          <dd>{wish.caseNumber}</dd>
          {wish.organizationNumber && (
            <>
              <dt>Organisasjonsnummer</dt>
              <dd>{wish.organizationNumber}</dd>
            </>
          )}
          <dt>Nå</dt>
          <dd>{decisionText(wish, conflicts.rooms)}</dd>
        </dl>
        {wish.clashesWith.length > 0 && (
          <Paragraph data-size="sm">
            <span aria-hidden="true">⚠ </span>I konflikt med{' '}
            {wish.clashesWith.length === 1 ? 'én annen søknad' : `${wish.clashesWith.length} andre søknader`}:{' '}
            {wish.clashesWith
              .map((id) => conflicts.wishes.find((w) => w.id === id)?.applicantName)
              .filter(Boolean)
              .join(', ')}
          </Paragraph>
        )}
      </Dialog.Block>
      {lockedReason ? (
        <Dialog.Block>
          <Paragraph>{lockedReason}</Paragraph>
        </Dialog.Block>
      ) : (
        <Dialog.Block>
          <form
            noValidate
            className="lk-stack"
            aria-label={`Fordeling for ${wish.applicantName}`}
            onSubmit={(event) => {
              event.preventDefault();
              submit();
            }}
          >
            {proposal && (
              <Paragraph data-size="sm">
                Flyttet i ukeoversikten til {weekdayName(proposal.weekday)} {timeText(proposal)}. Lagre for å tildele tiden.
              </Paragraph>
            )}
            {notice && (
              <Alert data-color="warning" role="alert">
                <Paragraph>{notice.message}</Paragraph>
                <Paragraph>{notice.now}</Paragraph>
              </Alert>
            )}
            <Fieldset aria-invalid={problems.choice ? true : undefined}>
              <Fieldset.Legend>Fordeling</Fieldset.Legend>
              <Radio
                name="choice"
                value="ASKED"
                label="Som søkt"
                checked={values.choice === 'ASKED'}
                onChange={() => set({ choice: 'ASKED' })}
              />
              <Radio
                name="choice"
                value="OTHER"
                label="Annen tid eller rom"
                checked={values.choice === 'OTHER'}
                onChange={() => set({ choice: 'OTHER' })}
              />
              <Radio
                name="choice"
                value="NONE"
                label="Ikke tildelt"
                checked={values.choice === 'NONE'}
                onChange={() => set({ choice: 'NONE' })}
              />
              {problems.choice && <ValidationMessage>{problems.choice}</ValidationMessage>}
            </Fieldset>
            {values.choice === 'OTHER' && (
              <Fieldset>
                <Fieldset.Legend>Tildelt tid</Fieldset.Legend>
                <Field>
                  <Label htmlFor={ids.room}>Rom</Label>
                  <Select id={ids.room} value={values.roomId} onChange={(e) => set({ roomId: e.target.value })}>
                    {conflicts.rooms.map((r) => (
                      <option key={r.id} value={r.id}>
                        {r.name} ({r.locationName})
                      </option>
                    ))}
                  </Select>
                </Field>
                <Field>
                  <Label htmlFor={ids.weekday}>Ukedag</Label>
                  <Select id={ids.weekday} value={values.weekday} onChange={(e) => set({ weekday: e.target.value })}>
                    {weekdayNames.map((name, i) => (
                      <option key={name} value={i + 1}>
                        {name}
                      </option>
                    ))}
                  </Select>
                </Field>
                <Field>
                  <Label htmlFor={ids.start}>Fra</Label>
                  <Select id={ids.start} value={values.startTime} onChange={(e) => set({ startTime: e.target.value })}>
                    {withCurrent(values.startTime).map((t) => (
                      <option key={t} value={t}>
                        {t}
                      </option>
                    ))}
                  </Select>
                </Field>
                <Field>
                  <Label htmlFor={ids.end}>Til</Label>
                  <Select
                    id={ids.end}
                    value={values.endTime}
                    onChange={(e) => set({ endTime: e.target.value })}
                    aria-invalid={problems.endTime ? true : undefined}
                  >
                    {withCurrent(values.endTime).map((t) => (
                      <option key={t} value={t}>
                        {t}
                      </option>
                    ))}
                  </Select>
                  {problems.endTime && <ValidationMessage>{problems.endTime}</ValidationMessage>}
                </Field>
              </Fieldset>
            )}
            {(values.choice === 'OTHER' || values.choice === 'NONE') && (
              <Field>
                <Label htmlFor={ids.reason}>{values.choice === 'NONE' ? 'Hvorfor ikke?' : 'Hvorfor en annen tid?'}</Label>
                <Field.Description>Søkeren ser begrunnelsen i svaret.</Field.Description>
                <Textarea
                  id={ids.reason}
                  rows={3}
                  value={values.reason}
                  onChange={(e) => set({ reason: e.target.value })}
                  aria-invalid={problems.reason ? true : undefined}
                />
                {problems.reason && <ValidationMessage>{problems.reason}</ValidationMessage>}
              </Field>
            )}
            {error && !notice && (
              <Alert data-color="danger" role="alert">
                <Paragraph>{error}</Paragraph>
              </Alert>
            )}
            <div className="lk-dialog-actions">
              <Button type="submit" loading={save.isPending} disabled={save.isPending}>
                Lagre
              </Button>
              <Button type="button" variant="secondary" onClick={onClose} disabled={save.isPending}>
                Avbryt
              </Button>
            </div>
          </form>
        </Dialog.Block>
      )}
    </Dialog>
  );
}
