import { useEffect, useMemo, useRef, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
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
import { useUnsavedChangesGuard } from '@lokaler/ui/unsaved-changes-guard';
import { paths } from '../../../config/paths';
import { GjennomforingStep } from './gjennomforing-step';
import { HeldTime } from './held-time';
import { fieldId, InformasjonStep } from './informasjon-step';
import { OppsummeringStep } from './oppsummering-step';
import { useWizardVisit } from './use-wizard-visit';
import { forgetWeddingAnswers, loadWeddingAnswers, saveWeddingAnswers } from './wedding-answers-storage';
import {
  firstIncompleteStepBefore,
  initialValues,
  isWeddingStep,
  stepSchema,
  stepTitles,
  toApplicationInput,
  type WeddingFormValues,
} from './wedding-form-values';
import './wedding.css';

/** 409 TIME_NO_LONGER_HELD: the held time is no longer this booking's (spec 02 §8). */
const isTimeGone = (error: unknown) => isApiClientError(error) && error.status === 409 && error.code === 'TIME_NO_LONGER_HELD';

/** What leaving the wizard costs, said in the unsaved-changes dialog. */
const leavingLetsTheTimeGo = 'Søknaden er ikke sendt. Går du ut nå, blir tidspunktet for vielsen ledig for andre.';

const isWizardPath = (pathname: string) =>
  pathname.startsWith(`${paths.newWeddingBooking.path}/`) || pathname === paths.newWeddingBooking.path;

/**
 * The three steps of the wedding application in one form: the form lives as long as the wizard, so
 * answers stay when moving between steps (each its own address; the browser's back works). Next
 * validates the step with the domain's step schema; the last step sends the whole application.
 *
 * Decision 038: the answers are kept in the tab's sessionStorage and the page tells the server when
 * it opens and goes away, so a reload comes back to the same step with the time still held. Leaving
 * inside the app asks first (the spec's unsaved-changes guard); only 'Avbryt', a confirmed leave, a
 * page that does not come back, or the hold's end lets the time go.
 */
export function WeddingWizard({ sub, prefill, onTimeGone }: { sub: string; prefill: WeddingPrefillResponse; onTimeGone: () => void }) {
  const { bookingId } = prefill;
  const navigate = useNavigate();
  const { step: stepParam } = useParams();
  const step: WeddingWizardStep = isWeddingStep(stepParam) ? stepParam : 'informasjon';
  const stepIndex = weddingWizardSteps.indexOf(step);
  usePageTitle(`${stepTitles[step]} – søknad om vielse`);

  // The resolver validates the step shown now (useForm takes the options of every render).
  const resolver = useMemo(
    () => zodResolver(stepSchema(step) as unknown as z.ZodType<WeddingFormValues, WeddingFormValues>) as Resolver<WeddingFormValues>,
    [step],
  );
  // Answers kept from before a reload come over the prefill; the prefill fills what was never typed.
  const [defaultValues] = useState(() => ({ ...initialValues(prefill), ...loadWeddingAnswers(sub, bookingId) }));
  // The error summary takes the focus after a refused Next, not the first field.
  const form = useForm<WeddingFormValues>({ defaultValues, resolver, shouldFocusError: false });
  const { clearErrors, subscribe } = form;
  const headingRef = useRef<HTMLHeadingElement>(null);

  // Every change is kept at once (a few hundred bytes): a reload a moment later finds it.
  useEffect(
    () => subscribe({ formState: { values: true }, callback: ({ values }) => saveWeddingAnswers(sub, bookingId, values) }),
    [subscribe, sub, bookingId],
  );

  const visit = useWizardVisit(bookingId, onTimeGone);
  // The couple is done with this time: nothing more is sent on leaving, and the kept answers go.
  const finish = () => {
    visit.disarm();
    forgetWeddingAnswers(sub, bookingId);
  };
  // A confirmed leave through the guard lets the time go; the request outlives the wizard.
  const release = useMutation(autorejectBookingMutation(sub, bookingId));
  const guard = useUnsavedChangesGuard(true, {
    isWithin: isWizardPath,
    detail: leavingLetsTheTimeGo,
    onLeave: () => {
      finish();
      release.mutate();
    },
  });
  const sending = useRef(false);
  const toBookings = () => void navigate(paths.bookings.getHref());
  /** Leaving after the time went (sent, let go, or taken): nothing to ask. */
  const leaveWithoutAsking = (go: () => void) => {
    finish();
    guard.allowNavigation();
    go();
  };
  // The navigation is the mutation's own reaction: it happens even if the wizard is gone by then.
  const submit = useGuardedMutation(submitWeddingApplicationMutation(sub), {
    onSuccess: () => leaveWithoutAsking(() => void navigate(paths.booking.getHref(bookingId), { replace: true })),
    onError: () => {
      sending.current = false;
    },
  });
  const leave = useGuardedMutation(autorejectBookingMutation(sub, bookingId), {
    onSuccess: () => leaveWithoutAsking(toBookings),
    onError: () => leaveWithoutAsking(toBookings),
  });

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

  // 'Avbryt' lets the time go at once and waits for it; then to /bookinger without asking.
  const cancel = () => {
    finish();
    leave.mutate();
  };

  const submitError = submit.error && !isTimeGone(submit.error) ? userMessageOf(submit.error) : null;

  return (
    <FormProvider {...form}>
      <form
        noValidate
        className="lk-stack lk-wedding-wizard"
        onSubmit={(event) => void form.handleSubmit(onValid)(event)}
        aria-labelledby="vielse-title"
      >
        <Heading level={1} data-size="lg" id="vielse-title">
          Søknad om vielse
        </Heading>
        {/* The open's answer is the hold as it stands for this page (a reload's release cleared). */}
        <HeldTime sub={sub} bookingId={bookingId} holdExpiresAtUtc={visit.holdExpiresAtUtc ?? prefill.holdExpiresAtUtc} />
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
        <FormErrorSummary
          errors={form.formState.errors}
          submitCount={form.formState.submitCount}
          idOf={(path) => fieldId(path as keyof WeddingFormValues)}
        />
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
      <TimeTakenDialog open={isTimeGone(submit.error)} onLeave={() => leaveWithoutAsking(toBookings)} />
      {guard.dialog}
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
