import { useEffect, useRef } from 'react';
import { Alert, Button, Checkbox, Fieldset, Heading, Paragraph, Radio, Textfield, ValidationMessage } from '@digdir/designsystemet-react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { FormProvider, useForm, useFormContext, useWatch, type Resolver } from 'react-hook-form';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { createAdminBookingMutation } from '@lokaler/api-client/admin-booking-create';
import { adminLocationDetailsQuery } from '@lokaler/api-client/admin-location-setup';
import { locationAssetsQuery } from '@lokaler/api-client/bookable-assets';
import { useAdminLocations } from '@lokaler/api-client/current-user';
import { useAuth } from '@lokaler/api-client/react/auth-provider';
import { loadFailureMessage } from '@lokaler/api-client/user-message';
import { adminBookingPurposes } from '@lokaler/domain/admin-booking-create';
import { costCategories } from '@lokaler/domain/booking';
import { todayInOslo } from '@lokaler/domain/scheduling/oslo-clock';
import { Loading } from '@lokaler/ui/loading';
import { NotFoundPage } from '@lokaler/ui/not-found-page';
import { usePageTitle } from '@lokaler/ui/page-title';
import { useToasts } from '@lokaler/ui/toasts';
import { paths } from '../../config/paths';
import { costCategoryLabels } from '../../lib/labels';
import { adminBookingBody, newBookingSchemaFor, purposeLabels, type NewBooking, type NewBookingValues } from './purpose-choice';
import { SaveFailure } from './save-failure';
import { emptyTimeChoice } from './time-choice';
import { TimeFields } from './time-fields';
import { useCheckedSave } from './use-checked-save';
import './admin-booking-create.css';
import { FormErrorSummary } from '@lokaler/ui/form-error-summary';

/** '/lokaler/:locationId/ny-booking': the administrator books a room of the location (spec 02 §6). */
export function NewBookingPage() {
  const locationId = Number(useParams().locationId);
  if (!Number.isSafeInteger(locationId) || locationId <= 0) return <NotFoundPage />;
  return <NewBooking locationId={locationId} />;
}

function NewBooking({ locationId }: { locationId: number }) {
  usePageTitle('Ny booking');
  const navigate = useNavigate();
  const { showToast } = useToasts();
  const { user } = useAuth();
  const locationName = useAdminLocations(user?.sub).data?.find((l) => l.id === locationId)?.name;
  const rooms = useQuery(locationAssetsQuery(locationId));
  // The location's rules for its loans (a required cost category); unknown until loaded, the server judges anyway.
  const requireCostCategory = useQuery(adminLocationDetailsQuery(locationId)).data?.preferences.requireCostCategory ?? false;
  // The resolver reads the rules when it validates, so the form judges by the loaded location.
  const rules = useRef({ requireCostCategory });
  useEffect(() => {
    rules.current = { requireCostCategory };
  }, [requireCostCategory]);
  const resolver: Resolver<NewBookingValues, unknown, NewBooking> = (values, context, options) =>
    zodResolver(newBookingSchemaFor(rules.current))(values, context, options);
  const form = useForm<NewBookingValues, unknown, NewBooking>({
    resolver,
    shouldFocusError: false,
    defaultValues: {
      bookingPurpose: 'ADMINUSER_ON_BEHALF_OF_PUBLICUSER_LOAN',
      onBehalfOfName: '',
      onBehalfOfEmail: '',
      internalEventTitle: '',
      costCategory: '',
      marketPriceKroner: '',
      overrideRule: false,
      overrideReason: '',
      ...emptyTimeChoice(todayInOslo(new Date())),
    },
  });
  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
  } = form;
  const purpose = useWatch({ control, name: 'bookingPurpose' });

  const save = useCheckedSave(
    createAdminBookingMutation(),
    (times, chosen: NewBooking) => adminBookingBody(chosen, times, chosen),
    async ({ bookingId, caseNumber }) => {
      showToast({ type: 'success', msg: `Bookingen ${caseNumber} er opprettet` });
      await navigate(paths.booking.getHref(bookingId));
    },
  );

  const submit = handleSubmit((chosen) => save.mutate(chosen));
  const roomList = (rooms.data ?? []).map((r) => ({ id: r.id, name: r.displayName || r.name }));

  return (
    <FormProvider {...form}>
      <form className="lk-stack" onSubmit={(event) => void submit(event)} noValidate>
        <Heading level={1} data-size="lg">
          Ny booking
        </Heading>
        <FormErrorSummary
          errors={form.formState.errors}
          submitCount={form.formState.submitCount}
          heading="For å lagre må du rette opp følgende feil:"
        />
        {locationName && <Paragraph>{locationName}</Paragraph>}
        <Fieldset>
          <Fieldset.Legend>Hva gjelder bookingen?</Fieldset.Legend>
          {adminBookingPurposes.map((p) => (
            <Radio key={p} value={p} label={purposeLabels[p]} {...register('bookingPurpose')} />
          ))}
        </Fieldset>
        {purpose === 'ADMINUSER_ON_BEHALF_OF_PUBLICUSER_LOAN' && (
          <>
            <Textfield
              label="Navn på den du booker for"
              {...register('onBehalfOfName')}
              error={errors.onBehalfOfName?.message}
              required
              autoComplete="off"
            />
            <Textfield
              label="E-postadresse til den du booker for"
              type="email"
              {...register('onBehalfOfEmail')}
              error={errors.onBehalfOfEmail?.message}
              required
              autoComplete="off"
            />
            <CostCategoryChoice required={requireCostCategory} />
          </>
        )}
        {purpose === 'ADMINUSER_INTERNAL_ACTIVITY' && (
          <Textfield
            label="Tittel på aktiviteten (valgfritt)"
            description="Uten tittel står det «Intern aktivitet»."
            {...register('internalEventTitle')}
            error={errors.internalEventTitle?.message}
          />
        )}
        {purpose === 'ADMINUSER_MAKE_TIME_UNAVAILABLE' && (
          <Textfield
            label="Tittel (valgfritt)"
            description="Vises i kalenderen. Uten tittel står det «Utilgjengelig»."
            {...register('internalEventTitle')}
            error={errors.internalEventTitle?.message}
          />
        )}
        {rooms.isPending && <Loading label="Henter rommene" />}
        {rooms.error && (
          <Alert data-color="danger">
            <Paragraph>{loadFailureMessage(rooms.error).title}</Paragraph>
          </Alert>
        )}
        <TimeFields rooms={roomList} />
        <SaveFailure refused={save.refused} error={save.error} />
        <div className="lk-create-actions">
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Lagrer …' : 'Opprett booking'}
          </Button>
          <Button asChild variant="tertiary">
            <RouterLink to={paths.locationCalendar.getHref(locationId)}>Avbryt</RouterLink>
          </Button>
        </div>
      </form>
    </FormProvider>
  );
}

/**
 * The cost category of a loan on behalf of a citizen (decision 044): required where the location requires
 * one, unless the administrator overrides the rule with a reason (written to the change log).
 */
function CostCategoryChoice({ required }: { required: boolean }) {
  const {
    register,
    control,
    formState: { errors },
  } = useFormContext<NewBookingValues>();
  const category = useWatch({ control, name: 'costCategory' });
  const override = useWatch({ control, name: 'overrideRule' });
  const errorId = 'lk-new-booking-cost-category-error';
  const error = errors.costCategory?.message;
  return (
    <>
      <Fieldset>
        <Fieldset.Legend>{required ? 'Kostnadskategori' : 'Kostnadskategori (valgfritt)'}</Fieldset.Legend>
        {required && <Fieldset.Description>Lokalet krever kostnadskategori for lån.</Fieldset.Description>}
        {costCategories.map((c) => (
          <Radio
            key={c}
            value={c}
            label={costCategoryLabels[c]}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            {...register('costCategory')}
          />
        ))}
        {error && <ValidationMessage id={errorId}>{error}</ValidationMessage>}
      </Fieldset>
      {category === 'MARKET' && (
        <Textfield
          label="Markedspris, kr"
          description="Hele leien for bookingen."
          inputMode="decimal"
          autoComplete="off"
          {...register('marketPriceKroner')}
          error={errors.marketPrice?.message}
        />
      )}
      {required && (
        <Checkbox
          label="Overstyr regelen om kostnadskategori"
          description="Bare når det er avtalt. Begrunnelsen skrives i endringsloggen."
          {...register('overrideRule')}
        />
      )}
      {required && override === true && (
        <Textfield
          label="Begrunnelse for å overstyre regelen"
          multiline
          rows={3}
          {...register('overrideReason')}
          error={errors.overrideRules?.reason?.message}
        />
      )}
    </>
  );
}
