import { useState } from 'react';
import {
  Alert,
  Button,
  Checkbox,
  Dialog,
  Fieldset,
  Heading,
  Link,
  Paragraph,
  Radio,
  Textfield,
  ValidationMessage,
} from '@digdir/designsystemet-react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useLocation } from 'react-router';
import { freeSlotAlertForm, latestAlertDate, toFreeSlotAlertRequest, type FreeSlotAlertFormValues } from '@lokaler/domain/free-slot-alert';
import { dayOfWeekLabels, daysOfWeek } from '@lokaler/domain/scheduling/day-of-week';
import { addDays } from '@lokaler/domain/scheduling/calendar-date';
import { todayInOslo } from '@lokaler/domain/scheduling/oslo-clock';
import { isApiClientError } from '@lokaler/api-client/api-client-error';
import { createFreeSlotAlertMutation } from '@lokaler/api-client/free-slot-alerts';
import { useAuth } from '@lokaler/api-client/react/auth-provider';
import { FormErrorSummary } from '@lokaler/ui/form-error-summary';
import { paths } from '../../config/paths';
import './free-slot-alert.css';

interface Target {
  locationId: number;
  locationName: string;
  bookableAssetId: number;
  roomName: string;
}

/**
 * 'Varsle meg når en tid blir ledig' (decision 022) where a citizen sees a full calendar: a button
 * that opens a dialog with the alert's form (this room or every room of the location, dates, weekdays,
 * time of day). Logged out, the button logs in first and comes back to the same page.
 */
export function FreeSlotAlertButton({ target }: { target: Target }) {
  const { user, login } = useAuth();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const onClick = () => {
    if (user) setOpen(true);
    else void login(`${location.pathname}${location.search}`);
  };
  return (
    <div>
      <Button variant="secondary" onClick={onClick}>
        Varsle meg når en tid blir ledig
      </Button>
      {open && user && <FreeSlotAlertDialog sub={user.sub} target={target} onClose={() => setOpen(false)} />}
    </div>
  );
}

const fieldNames = ['scope', 'fromDate', 'toDate', 'weekdays', 'timeFrom', 'timeTo'] as const;

function FreeSlotAlertDialog({ sub, target, onClose }: { sub: string; target: Target; onClose: () => void }) {
  const [today] = useState(() => todayInOslo(new Date()));
  const create = useMutation(createFreeSlotAlertMutation(sub));
  const [failure, setFailure] = useState<string | null>(null);
  const { register, handleSubmit, setError, formState } = useForm<FreeSlotAlertFormValues>({
    resolver: zodResolver(freeSlotAlertForm),
    shouldFocusError: false,
    defaultValues: { scope: 'room', fromDate: today, toDate: addDays(today, 30), weekdays: [], timeFrom: '', timeTo: '' },
  });
  const { errors } = formState;

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await create.mutateAsync(toFreeSlotAlertRequest(values, target));
    } catch (error) {
      const fields = isApiClientError(error) ? (error.fields ?? []) : [];
      let placed = false;
      for (const field of fields) {
        const name = fieldNames.find((k) => field.path === k || field.path.endsWith(`.${k}`));
        if (name) {
          setError(name, { message: field.message }, { shouldFocus: !placed });
          placed = true;
        }
      }
      if (!placed) setFailure((isApiClientError(error) && error.userMsg) || 'Varselet kunne ikke lagres. Prøv igjen litt senere.');
    }
  });

  return (
    <Dialog open onClose={onClose} aria-labelledby="lk-alert-title" closeButton="Lukk">
      <Dialog.Block>
        <Heading level={2} data-size="sm" id="lk-alert-title">
          Varsle meg når en tid blir ledig
        </Heading>
      </Dialog.Block>
      <Dialog.Block>
        {create.isSuccess ? (
          <div className="lk-stack">
            <Alert data-color="success" role="status">
              <Paragraph>Varselet er lagret. Du får en e-post når en tid som passer blir ledig.</Paragraph>
            </Alert>
            <Paragraph>
              <Link asChild>
                <RouterLink to={paths.freeSlotAlerts.getHref()}>Se varslene dine under Mine bookinger</RouterLink>
              </Link>
            </Paragraph>
            <div>
              <Button onClick={onClose}>Lukk</Button>
            </div>
          </div>
        ) : (
          <form noValidate className="lk-stack" onSubmit={(event) => void submit(event)}>
            <Paragraph data-size="sm">
              Vi sender deg én e-post når noen kansellerer eller en tid ellers blir ledig. Tiden holdes ikke av for deg.
            </Paragraph>
            <FormErrorSummary errors={errors} submitCount={formState.submitCount} heading="For å lagre må du rette opp følgende:" />
            <Fieldset>
              <Fieldset.Legend>Hvor?</Fieldset.Legend>
              <Radio label={target.roomName} value="room" {...register('scope')} />
              <Radio label={`Alle rom på ${target.locationName}`} value="location" {...register('scope')} />
            </Fieldset>
            <div className="lk-alert-dates">
              <Textfield label="Fra dato" type="date" min={today} error={errors.fromDate?.message} {...register('fromDate')} />
              <Textfield
                label="Til dato"
                type="date"
                min={today}
                max={latestAlertDate(today)}
                error={errors.toDate?.message}
                {...register('toDate')}
              />
            </div>
            <Fieldset>
              <Fieldset.Legend>Ukedager</Fieldset.Legend>
              <Fieldset.Description>Velg ingen for alle dager.</Fieldset.Description>
              <div className="lk-alert-weekdays">
                {daysOfWeek.map((day, index) => (
                  <Checkbox key={day} label={dayOfWeekLabels[day]} value={String(index + 1)} {...register('weekdays')} />
                ))}
              </div>
              {errors.weekdays?.message && <ValidationMessage>{errors.weekdays.message}</ValidationMessage>}
            </Fieldset>
            <Fieldset>
              <Fieldset.Legend>Tid på dagen</Fieldset.Legend>
              <Fieldset.Description>La feltene stå tomme for hele dagen.</Fieldset.Description>
              <div className="lk-alert-dates">
                <Textfield label="Fra klokken" type="time" step={900} error={errors.timeFrom?.message} {...register('timeFrom')} />
                <Textfield label="Til klokken" type="time" step={900} error={errors.timeTo?.message} {...register('timeTo')} />
              </div>
            </Fieldset>
            {failure && (
              <Alert data-color="danger" role="alert">
                <Paragraph>{failure}</Paragraph>
              </Alert>
            )}
            <div className="lk-button-row">
              <Button type="submit" loading={create.isPending}>
                Lagre varsel
              </Button>
              <Button type="button" variant="secondary" onClick={onClose}>
                Avbryt
              </Button>
            </div>
          </form>
        )}
      </Dialog.Block>
    </Dialog>
  );
}
