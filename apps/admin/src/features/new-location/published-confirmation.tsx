import { Alert, Heading, Link, List, Paragraph } from '@digdir/designsystemet-react';
import { Link as RouterLink } from 'react-router';
import { newLocationMessages, type NewLocationWizard } from '@lokaler/domain/admin-location';
import { usePageTitle } from '@lokaler/ui/page-title';
import { paths } from '../../config/paths';

/** After publishing (or opening the link of a published location): where to go on. */
export function PublishedConfirmation({ wizard }: { wizard: NewLocationWizard }) {
  usePageTitle(`${wizard.locationName} er publisert`);
  return (
    <section className="lk-stack" aria-labelledby="lk-published-title">
      <Heading level={1} data-size="lg" id="lk-published-title">
        {wizard.locationName}
      </Heading>
      <Alert data-color="success">
        <Paragraph>{`${newLocationMessages.published}. Det vises nå i portalen, i søket, i kartet og i kalenderen.`}</Paragraph>
      </Alert>
      <List.Unordered aria-label="Videre">
        <List.Item>
          <Link asChild>
            <RouterLink to={paths.locationSettings.getHref(wizard.locationId)}>Innstillinger for lokalet</RouterLink>
          </Link>
        </List.Item>
        <List.Item>
          <Link asChild>
            <RouterLink to={paths.locationRequests.getHref(wizard.locationId)}>Søknader til lokalet</RouterLink>
          </Link>
        </List.Item>
      </List.Unordered>
    </section>
  );
}
