import { useEffect, useMemo, useRef } from 'react';
import { Alert, Button, Dialog, Heading, Paragraph } from '@digdir/designsystemet-react';
import { zodResolver } from '@hookform/resolvers/zod';
import { FormProvider, useForm, type Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { Navigate, useNavigate, useParams } from 'react-router';
import { weddingApplicationRequest } from '@lokaler/domain/wedding-application';
import { weddingMessages, weddingWizardSteps, type WeddingWizardStep } from '@lokaler/domain/wedding-application-texts';
import type { WeddingPrefillResponse } from '@lokaler/domain/wedding-application-answers';
import { isApiClientError } from '@lokaler/api-client/api-client-error';
import { useGuardedMutation } from '@lokaler/api-client/react/use-guarded-mutation';
import { userMessageOf } from '@lokaler/api-client/user-message';
import { autorejectBookingMutation, submitWeddingApplicationMutation } from '@lokaler/api-client/wedding-application';
import { FormErrorSummary } from '@lokaler/ui/form-error-summary';
import { usePageTitle } from '@lokaler/ui/page-title';
import { paths } from '../../../config/paths';
import { GjennomforingStep } from './gjennomforing-step';
import { HeldTime } from './held-time';
import { fieldId, InformasjonStep } from './informasjon-step';
import { OppsummeringStep } from './oppsummering-step';
import { useReleaseOnLeave } from './use-release-on-leave';
import { firstIncompleteStepBefore, initialValues, isWeddingStep, stepSchema, stepTitles, toApplicationInput, type WeddingFormValues } from './wedding-form-values';
import './wedding.css';

/** 409 TIME_NO_LONGER_HELD: the held time is no longer this booking's (spec 02 §8). */
const isTimeGone = (error: unknown) => isApiClientError(error) && error.status === 409 && error.code === 'TIME_NO_LONGER_HELD';

/**
 * The three steps of the wedding application in one form: the form lives as long as the wizard, so
 * answers stay when moving between steps (each its own address; the browser's back works). Next
 * validates the step with the domain's step schema; the last step sends the whole application.
 */
export function WeddingWizard({ sub, prefill }: { sub: string; prefill: WeddingPrefillResponse }) {
  const { bookingId } = prefill;
  const navigate = useNavigate();
  const { step: stepParam } = useParams();
  const step: WeddingWizardStep = isWeddingStep(stepParam) ? stepParam : 'informasjon';
  const stepIndex = weddingWizardSteps.indexOf(step);
  usePageTitle(`${stepTitles[step]} – søknad om vielse`);

  // The resolver validates the step shown now (useForm takes the options of every render).
  const resolver = useMemo(() => zodResolver(stepSchema(step) as unknown as z.ZodType<WeddingFormValues, WeddingFormValues>) as Resolver<WeddingFormValues>, [step]);
  // The error summary takes the focus after a refused Next, not the first field.
  const form = useForm<WeddingFormValues>({ defaultValues: initialValues(prefill), resolver, shouldFocusError: false });
  const { clearErrors } = form;
  const headingRef = useRef<HTMLHeadingElement>(null);

  const { disarm } = useReleaseOnLeave(bookingId);
  const sending = useRef(false);
  const toBookings = () => void navigate(paths.bookings.getHref());
  // The navigation is the mutation's own reaction: it happens even if the wizard is gone by then.
  const submit = useGuardedMutation(submitWeddingApplicationMutation(sub), {
    onSuccess: () => {
      disarm();
      void navigate(paths.booking.getHref(bookingId), { replace: true });
    },
    onError: () => {
      sending.current = false;
    },
  });
  const leave = useGuardedMutation(autorejectBookingMutation(sub, bookingId), { onSuccess: toBookings, onError: toBookings });

  const stepHref = (to: WeddingWizardStep) => paths.newWeddingBookingStep.getHref(to, bookingId);

  // A new step: its heading takes the focus (keyboard and screen reader start at the top of the step).
  const firstRender = useRef(true);
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    // Another step's messages are not this step's (its fields are elsewhere).
    clearErrors();
    headingRef.current?.focus();
  }, [step, clearErrors]);

  // A step's address opened before the steps before it are done (typed in, a bookmark): back to the first open one.
  const incomplete = firstIncompleteStepBefore(step, form.getValues());
  if (incomplete) return <Navigate to={stepHref(incomplete)} replace />;

  const onValid = () => {
    if (step !== 'oppsummering') {
      void navigate(stepHref(weddingWizardSteps[stepIndex + 1]!));
      return;
    }
    // A second click that comes after the first call has already come back sends nothing either.
    if (sending.current) return;
    // What is sent is the schema's output: trimmed, and the details of questions answered no left out.
    const request = weddingApplicationRequest.safeParse({ bookingId, ...toApplicationInput(form.getValues()) });
    // Every step has passed its schema to get here; a failure would be the steps' own messages on Next.
    if (!request.success) return;
    sending.current = true;
    submit.mutate(request.data);
  };

  // 'Avbryt' sends the autoreject itself (and waits for it), so leaving the page does not send it again.
  const cancel = () => {
    disarm();
    leave.mutate();
  };

  const submitError = submit.error && !isTimeGone(submit.error) ? userMessageOf(submit.error) : null;

  return (
    <FormProvider {...form}>
      <form noValidate className="lk-stack lk-wedding-wizard" onSubmit={(event) => void form.handleSubmit(onValid)(event)} aria-labelledby="vielse-title">
        <Heading level={1} data-size="lg" id="vielse-title">
          Søknad om vielse
        </Heading>
        <HeldTime sub={sub} bookingId={bookingId} holdExpiresAtUtc={prefill.holdExpiresAtUtc} />
        <ol className="lk-wedding-steps" aria-label="Steg">
          {weddingWizardSteps.map((s, i) => (
            <li key={s} aria-current={s === step ? 'step' : undefined}>
              {i + 1}. {stepTitles[s]}
            </li>
          ))}
        </ol>
        <Heading level={2} data-size="md" tabIndex={-1} ref={headingRef}>
          Steg {stepIndex + 1} av {weddingWizardSteps.length}: {stepTitles[step]}
        </Heading>
        <FormErrorSummary errors={form.formState.errors} submitCount={form.formState.submitCount} idOf={(path) => fieldId(path as keyof WeddingFormValues)} />
        {step === 'informasjon' && <InformasjonStep />}
        {step === 'gjennomforing' && <GjennomforingStep />}
        {step === 'oppsummering' && <OppsummeringStep stepHref={stepHref} />}
        {submitError && (
          <Alert data-color="danger" role="alert">
            <Paragraph>{submitError}</Paragraph>
          </Alert>
        )}
        <div className="lk-button-row">
          {stepIndex > 0 && (
            <Button type="button" variant="secondary" onClick={() => void navigate(stepHref(weddingWizardSteps[stepIndex - 1]!))}>
              Tilbake
            </Button>
          )}
          <Button type="submit" loading={submit.isPending} aria-disabled={submit.isPending || undefined}>
            {step === 'oppsummering' ? 'Send søknad' : 'Neste'}
          </Button>
          <Button type="button" variant="tertiary" onClick={cancel} aria-disabled={leave.isPending || undefined}>
            Avbryt
          </Button>
        </div>
      </form>
      <TimeTakenDialog open={isTimeGone(submit.error)} onLeave={toBookings} />
    </FormProvider>
  );
}

/** Spec 02 §8: the time was taken before the submit; the only way is out. */
function TimeTakenDialog({ open, onLeave }: { open: boolean; onLeave: () => void }) {
  return (
    <Dialog open={open} closedby="none" closeButton={false} aria-labelledby="vielse-time-taken" modal>
      <Dialog.Block>
        <Heading level={2} data-size="sm" id="vielse-time-taken">
          {weddingMessages.timesTakenTitle}
        </Heading>
        <Paragraph>{weddingMessages.timesTakenText}</Paragraph>
      </Dialog.Block>
      <Dialog.Block>
        <Button onClick={onLeave}>Gå til mine bookinger</Button>
      </Dialog.Block>
    </Dialog>
  );
}
