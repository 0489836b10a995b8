import { useEffect, useRef } from 'react';
import { Alert, Button, Heading, Paragraph } from '@digdir/designsystemet-react';
import { useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink, useNavigate } from 'react-router';
import { putStepStatusMutation } from '@lokaler/api-client/admin-new-location';
import { useGuardedMutation } from '@lokaler/api-client/react/use-guarded-mutation';
import { userMessageOf } from '@lokaler/api-client/user-message';
import { newLocationStepTitles, newLocationSteps, type NewLocationStep, type NewLocationWizard } from '@lokaler/domain/admin-location';
import { usePageTitle } from '@lokaler/ui/page-title';
import { paths } from '../../config/paths';
import { PublishSection } from './publish-section';
import { StepList } from './step-list';
import { nextStep, previousStep, statusOf, type WizardStepForms } from './wizard-steps';

/**
 * One step of the wizard: opening it marks it STARTED (once, if it was not started), the step's form
 * saves its own data, and then the step is marked SAVED and the wizard moves on. The last step also
 * offers 'Publiser lokalet'.
 */
export function WizardStep({
  linkId,
  step,
  wizard,
  stepForms,
}: {
  linkId: string;
  step: NewLocationStep;
  wizard: NewLocationWizard;
  stepForms: WizardStepForms;
}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const index = newLocationSteps.indexOf(step);
  const title = newLocationStepTitles[step];
  usePageTitle(`${title} – nytt lokale`);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const publishRef = useRef<HTMLHeadingElement>(null);

  const started = useGuardedMutation(putStepStatusMutation(queryClient, linkId));
  const saved = useGuardedMutation(putStepStatusMutation(queryClient, linkId));

  // STARTED is sent once per step and visit; a saved step is never sent back (the server refuses it too).
  // One call at a time (a guarded mutation drops a second): a step opened while the previous step's
  // call runs is sent when that one is done.
  const status = statusOf(wizard, step);
  const sentStarted = useRef(new Set<NewLocationStep>());
  const { mutate: markStarted, isPending: startedPending } = started;
  useEffect(() => {
    if (status !== 'NOT_STARTED' || startedPending || sentStarted.current.has(step)) return;
    sentStarted.current.add(step);
    markStarted({ step, status: 'STARTED' });
  }, [status, step, markStarted, startedPending]);

  // A new step: its heading takes the focus (keyboard and screen reader start at the top of the step).
  const firstRender = useRef(true);
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    saved.reset();
    headingRef.current?.focus();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a new step moves the focus
  }, [step]);

  const next = nextStep(step);
  const previous = previousStep(step);
  const onSaved = () => {
    saved.mutate(
      { step, status: 'SAVED' },
      {
        onSuccess: () => {
          if (next) void navigate(paths.newLocation.getHref(linkId, next));
          else publishRef.current?.focus();
        },
      },
    );
  };

  const StepForm = stepForms[step];
  return (
    <div className="lk-stack">
      <Heading level={1} data-size="lg">
        {`Nytt lokale: ${wizard.locationName}`}
      </Heading>
      <div className="lk-wizard">
        <StepList linkId={linkId} wizard={wizard} current={step} />
        <div className="lk-wizard__step">
          <Paragraph ref={headingRef} tabIndex={-1} data-size="sm" className="lk-subtle">
            {`Steg ${index + 1} av ${newLocationSteps.length}: ${title}`}
          </Paragraph>
          <StepForm key={step} locationId={wizard.locationId} mode="wizard" onSaved={onSaved} />
          {saved.error && (
            <Alert data-color="danger" role="alert">
              <Paragraph>{userMessageOf(saved.error)}</Paragraph>
            </Alert>
          )}
          {previous && (
            <div>
              <Button variant="secondary" asChild>
                <RouterLink to={paths.newLocation.getHref(linkId, previous)}>Tilbake</RouterLink>
              </Button>
            </div>
          )}
          {!next && <PublishSection linkId={linkId} wizard={wizard} headingRef={publishRef} />}
        </div>
      </div>
    </div>
  );
}
