import { Link, Tag } from '@digdir/designsystemet-react';
import { Link as RouterLink } from 'react-router';
import { newLocationStepTitles, newLocationSteps, type NewLocationStep, type NewLocationWizard } from '@lokaler/domain/admin-location';
import { paths } from '../../config/paths';
import { statusOf, stepStatusLabels } from './wizard-steps';

const tagColors = { NOT_STARTED: 'neutral', STARTED: 'warning', SAVED: 'success' } as const;

/** The seven steps with their status; each is a link, so the administrator can go back to any of them. */
export function StepList({ linkId, wizard, current }: { linkId: string; wizard: NewLocationWizard; current: NewLocationStep }) {
  const saved = newLocationSteps.filter((s) => statusOf(wizard, s) === 'SAVED').length;
  return (
    <nav aria-label="Steg i oppsettet" className="lk-wizard-steps">
      <p className="lk-subtle">{`${saved} av ${newLocationSteps.length} steg er lagret`}</p>
      <ol>
        {newLocationSteps.map((step, index) => {
          const status = statusOf(wizard, step);
          return (
            <li key={step}>
              <Link asChild>
                <RouterLink to={paths.newLocation.getHref(linkId, step)} aria-current={step === current ? 'step' : undefined}>
                  {`${index + 1}. ${newLocationStepTitles[step]}`}
                </RouterLink>
              </Link>{' '}
              <Tag data-color={tagColors[status]} data-size="sm">
                {stepStatusLabels[status]}
              </Tag>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
