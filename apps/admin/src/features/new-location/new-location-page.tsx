import { Heading, Paragraph } from '@digdir/designsystemet-react';
import { useQuery } from '@tanstack/react-query';
import { Navigate, useParams } from 'react-router';
import { isApiClientError } from '@lokaler/api-client/api-client-error';
import { claimInvitationQuery, newLocationWizardQuery } from '@lokaler/api-client/admin-new-location';
import { useAuth } from '@lokaler/api-client/react/auth-provider';
import { loadFailureMessage } from '@lokaler/api-client/user-message';
import type { NewLocationWizard } from '@lokaler/domain/admin-location';
import { usePageTitle } from '@lokaler/ui/page-title';
import { LoadFailureAlert } from '@lokaler/ui/query-loader';
import { Loading } from '@lokaler/ui/loading';
import { paths } from '../../config/paths';
import { InvitationProblem } from './invitation-problem';
import { PublishedConfirmation } from './published-confirmation';
import { WizardStep } from './wizard-step';
import { isNewLocationStep, resumeStep, type WizardStepForms } from './wizard-steps';
import './new-location.css';

/**
 * 403 (sent to another e-mail than the login's), 410 (used by another login, expired), 404 (unknown or
 * replaced by a re-send) and 400 (not a link id): the invitation itself is the problem.
 */
const isInvitationProblem = (error: unknown) =>
  isApiClientError(error) && error.kind === 'http' && [400, 403, 404, 410].includes(error.status ?? 0);

/**
 * /nytt-lokale/{linkId}/{step?} (decision 015): claims the invitation, then shows the wizard from the
 * server's state, so it can be left and resumed on any device. Without a step it opens the first step
 * not saved.
 */
export function NewLocationPage({ stepForms }: { stepForms: WizardStepForms }) {
  const { linkId = '', step } = useParams();
  const { user } = useAuth();
  const claim = useQuery(claimInvitationQuery(linkId, user?.sub ?? ''));
  const wizard = useQuery({ ...newLocationWizardQuery(linkId), enabled: claim.isSuccess });

  if (claim.error)
    return isInvitationProblem(claim.error) ? <InvitationProblem error={claim.error} /> : <WizardFailure error={claim.error} />;
  if (wizard.error && !wizard.data)
    return isInvitationProblem(wizard.error) ? <InvitationProblem error={wizard.error} /> : <WizardFailure error={wizard.error} />;
  if (!wizard.data) return <Loading label="Åpner oppsettet av lokalet" />;
  return <Wizard linkId={linkId} step={step} wizard={wizard.data} stepForms={stepForms} />;
}

function Wizard({
  linkId,
  step,
  wizard,
  stepForms,
}: {
  linkId: string;
  step: string | undefined;
  wizard: NewLocationWizard;
  stepForms: WizardStepForms;
}) {
  if (wizard.published) return <PublishedConfirmation wizard={wizard} />;
  if (!isNewLocationStep(step)) return <Navigate to={paths.newLocation.getHref(linkId, resumeStep(wizard))} replace />;
  return <WizardStep linkId={linkId} step={step} wizard={wizard} stepForms={stepForms} />;
}

function WizardFailure({ error }: { error: unknown }) {
  usePageTitle('Nytt lokale');
  return (
    <div className="lk-stack">
      <Heading level={1} data-size="lg">
        Nytt lokale
      </Heading>
      <LoadFailureAlert failure={loadFailureMessage(error)} />
      <Paragraph>Prøv å laste siden på nytt.</Paragraph>
    </div>
  );
}
