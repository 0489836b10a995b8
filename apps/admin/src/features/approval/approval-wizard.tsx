import { useEffect, useState } from 'react';
import { Alert, Button, Heading, Paragraph, Textfield } from '@digdir/designsystemet-react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useForm, useWatch } from 'react-hook-form';
import { Link as RouterLink, useNavigate } from 'react-router';
import {
  approveBookingMutation,
  contractPreviewQuery,
  selvkostCalculationQuery,
  selvkostPricesQuery,
  vedtakPreviewQuery,
} from '@lokaler/api-client/admin-approval';
import { useGuardedMutation } from '@lokaler/api-client/react/use-guarded-mutation';
import { userMessageOf } from '@lokaler/api-client/user-message';
import { approvalMessages, approvalOptionsFor, tilsynsvaktProblem } from '@lokaler/domain/admin-approval';
import type { AdminBookingView } from '@lokaler/domain/admin-booking-view';
import { costBasedPriceFields } from '@lokaler/domain/admin-selvkost';
import { ConfirmDialog } from '@lokaler/ui/confirm-dialog';
import { FormErrorSummary } from '@lokaler/ui/form-error-summary';
import { flashToast } from '@lokaler/ui/flash-toast';
import { useUnsavedChangesGuard } from '@lokaler/ui/unsaved-changes-guard';
import { paths } from '../../config/paths';
import { useListSearch, withList } from '../../lib/list-context';
import {
  approvalFormSchema,
  defaultApprovalValues,
  documentTermsOf,
  kronerInput,
  toApproveBody,
  type ApprovalFormValues,
} from './approval-form';
import { CategoryField } from './category-field';
import { CostFields } from './cost-fields';
import { DocumentPreview } from './document-preview';
import { TilsynsvaktFields } from './tilsynsvakt-fields';
import { useDebouncedValue } from './use-debounced-value';

/** The message when the administrator approves while a preview is still loading for the latest terms. */
export const PREVIEW_NOT_READY = 'Vent til forhåndsvisningen er oppdatert, og se gjennom den før du godkjenner.';
/** …and when a preview could not be made: the approval needs its hash, so it cannot go ahead. */
export const PREVIEW_FAILED = 'Forhåndsvisningen kunne ikke lages, så søknaden kan ikke godkjennes nå. Prøv igjen om litt.';
const PREVIEW_DELAY_MS = 400;

/** What a town-hall wedding's approval says instead of the choices that do not apply to it. */
export const WEDDING_APPROVAL_NOTE =
  'En vielse i rådhuset er gratis. Kostnadskategori, tilbakevirkende kontrakt og tilsynsvakt gjelder ikke vielser.';

/**
 * Cost category and price, comment, retroactive contract and tilsynsvakt, with live previews of the
 * vedtak and the contract; 'Godkjenn søknaden' asks 'Er du sikker …' and sends the previews' hashes.
 * A wedding is offered only what applies to it (approvalOptionsFor): a comment; it is approved free.
 */
export function ApprovalWizard({ booking }: { booking: AdminBookingView }) {
  const { bookingId, locationId } = booking;
  const navigate = useNavigate();
  const listSearch = useListSearch();
  // The error summary takes the focus on a refused submit (decision 020).
  const offered = approvalOptionsFor(booking.sourceForm);
  // A wedding is free: the one category the server takes for it, set rather than asked.
  const startValues: ApprovalFormValues = offered.costCategory ? defaultApprovalValues : { ...defaultApprovalValues, costCategory: 'FREE' };
  const form = useForm<ApprovalFormValues>({
    resolver: zodResolver(approvalFormSchema),
    defaultValues: startValues,
    shouldFocusError: false,
  });
  // useWatch re-renders on every change, so the previews follow what is typed.
  const values = useWatch({ control: form.control }) as ApprovalFormValues;
  const category = values.costCategory;
  const guard = useUnsavedChangesGuard(form.formState.isDirty);
  const [confirming, setConfirming] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);

  const prices = useQuery({ ...selvkostPricesQuery(locationId), enabled: category === 'COST' });
  const calculation = useQuery({
    // Tilsynsvakt is priced on the chosen weekdays only; none chosen is no tilsynsvakt yet (the form says so).
    ...selvkostCalculationQuery({
      locationId,
      bookingId,
      hasTilsynsvakt: values.hasTilsynsvakt && values.tilsynsvaktWeekdays.length > 0,
      tilsynsvaktWeekdays: values.tilsynsvaktWeekdays,
    }),
    enabled: category === 'COST',
  });

  // Cost-based fields start from the location's prices; what the administrator typed is kept.
  const { getValues, setValue } = form;
  useEffect(() => {
    if (category !== 'COST' || !prices.data) return;
    for (const field of costBasedPriceFields) {
      if (getValues(`costBasedPrices.${field}`) === '') setValue(`costBasedPrices.${field}`, kronerInput(prices.data[field]));
    }
  }, [category, prices.data, getValues, setValue]);

  const currentTerms = documentTermsOf(values);
  const terms = useDebouncedValue(currentTerms, PREVIEW_DELAY_MS);
  const stale = JSON.stringify(terms) !== JSON.stringify(currentTerms);
  const vedtak = useQuery({
    ...vedtakPreviewQuery(bookingId, { vedtakType: 'APPROVAL', ...terms }),
    enabled: booking.enableVedtak && terms !== null,
  });
  const contract = useQuery({ ...contractPreviewQuery(bookingId, terms ?? {}), enabled: booking.requireContract && terms !== null });
  // A location that writes neither vedtak nor contract (the town hall's weddings) has no preview to wait for.
  const previewsReady =
    !booking.enableVedtak && !booking.requireContract
      ? currentTerms !== null
      : !stale &&
        terms !== null &&
        (!booking.enableVedtak || vedtak.isSuccess) &&
        (!booking.requireContract || contract.isSuccess) &&
        !vedtak.isFetching &&
        !contract.isFetching;

  const approveOptions = approveBookingMutation(bookingId);
  const approve = useGuardedMutation({
    ...approveOptions,
    onSuccess: async (...succeeded) => {
      await approveOptions.onSuccess?.(...succeeded);
      guard.allowNavigation();
      void navigate(withList(paths.booking.getHref(bookingId), listSearch), { state: flashToast('Søknaden er godkjent') });
    },
    onError: () => setConfirming(false),
  });

  const submit = form.handleSubmit(() => {
    if (!previewsReady) {
      setNotice(
        (booking.enableVedtak && vedtak.isError) || (booking.requireContract && contract.isError) ? PREVIEW_FAILED : PREVIEW_NOT_READY,
      );
      return;
    }
    setNotice(null);
    approve.reset();
    setConfirming(true);
  });

  return (
    <form onSubmit={submit} noValidate className="lk-approval">
      {guard.dialog}
      <div className="lk-approval__form lk-stack">
        <FormErrorSummary
          errors={form.formState.errors}
          submitCount={form.formState.submitCount}
          heading="For å godkjenne må du rette opp følgende feil:"
        />
        {offered.costCategory ? <CategoryField form={form} /> : <Paragraph>{WEDDING_APPROVAL_NOTE}</Paragraph>}
        {category === 'MARKET' && (
          <Textfield
            label="Markedspris, kr"
            description="Hele leien for søknaden."
            inputMode="decimal"
            autoComplete="off"
            className="lk-narrow"
            error={form.formState.errors.marketPrice?.message}
            {...form.register('marketPrice')}
          />
        )}
        {category === 'COST' && (
          <CostFields form={form} hasPrices={prices.isSuccess ? prices.data !== null : undefined} calculation={calculation.data} />
        )}
        <Textfield
          label="Kommentar til søkeren"
          description="Valgfritt. Sendes til søkeren sammen med godkjenningen."
          multiline
          rows={4}
          className="lk-narrow"
          error={form.formState.errors.comment?.message}
          {...form.register('comment')}
        />
        {offered.tilsynsvakt && <TilsynsvaktFields form={form} reservations={booking.reservations} />}
      </div>

      <section aria-labelledby="lk-previews" className="lk-previews lk-stack">
        <Heading level={2} data-size="sm" id="lk-previews">
          Forhåndsvisning
        </Heading>
        {!booking.enableVedtak && !booking.requireContract && (
          <Paragraph>Lokalet lager verken vedtak eller kontrakt. Søkeren får beskjed om godkjenningen på e-post.</Paragraph>
        )}
        {booking.enableVedtak && (
          <DocumentPreview title="Vedtaket" query={terms === null ? null : vedtak} waitingText={waitingText(values)} stale={stale} />
        )}
        {booking.requireContract && (
          <DocumentPreview title="Kontrakten" query={terms === null ? null : contract} waitingText={waitingText(values)} stale={stale} />
        )}
      </section>

      {notice && (
        <Alert data-color="warning" role="alert">
          <Paragraph>{notice}</Paragraph>
        </Alert>
      )}
      {approve.error && (
        <Alert data-color="danger" role="alert">
          <Paragraph>{userMessageOf(approve.error)}</Paragraph>
        </Alert>
      )}
      <div className="lk-dialog-actions">
        <Button type="submit">Godkjenn søknaden</Button>
        <Button type="button" variant="secondary" onClick={() => form.reset(startValues)} disabled={!form.formState.isDirty}>
          Nullstill
        </Button>
        <Button asChild variant="tertiary">
          <RouterLink to={paths.booking.getHref(bookingId)}>Avbryt</RouterLink>
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        title="Godkjenne søknaden?"
        confirmLabel="Ja, godkjenn"
        busy={approve.isPending}
        onConfirm={() =>
          approve.mutate(
            toApproveBody(getValues(), {
              vedtakHash: booking.enableVedtak ? vedtak.data?.hash : undefined,
              contractHash: booking.requireContract ? contract.data?.hash : undefined,
            }),
          )
        }
        onCancel={() => setConfirming(false)}
      >
        {approvalMessages.confirm}
      </ConfirmDialog>
    </form>
  );
}

function waitingText(values: ApprovalFormValues): string {
  const category = values.costCategory;
  if (category === '') return 'Velg kostnadskategori for å se forhåndsvisningen.';
  if (tilsynsvaktProblem(values)) return 'Velg minst én ukedag for tilsynsvakt for å se forhåndsvisningen.';
  return category === 'MARKET'
    ? 'Skriv inn markedsprisen for å se forhåndsvisningen.'
    : 'Fyll inn alle prisene for å se forhåndsvisningen.';
}
