import type { RefObject } from 'react';
import { Alert, Button, Heading, Paragraph } from '@digdir/designsystemet-react';
import { useQueryClient } from '@tanstack/react-query';
import { publishLocationMutation } from '@lokaler/api-client/admin-new-location';
import { useGuardedMutation } from '@lokaler/api-client/react/use-guarded-mutation';
import { userMessageOf } from '@lokaler/api-client/user-message';
import { newLocationSteps, type NewLocationWizard } from '@lokaler/domain/admin-location';
import { statusOf } from './wizard-steps';

/**
 * 'Publiser lokalet' on the last step. The server decides what is missing (every step saved, a
 * position, opening hours, a visible room) and says so (422); the page only relays it.
 */
export function PublishSection({
  linkId,
  wizard,
  headingRef,
}: {
  linkId: string;
  wizard: NewLocationWizard;
  headingRef: RefObject<HTMLHeadingElement | null>;
}) {
  const queryClient = useQueryClient();
  const publish = useGuardedMutation(publishLocationMutation(queryClient, linkId));
  const unsaved = newLocationSteps.filter((s) => statusOf(wizard, s) !== 'SAVED').length;
  return (
    <section className="lk-section" aria-labelledby="lk-publish-title">
      <Heading level={2} data-size="md" id="lk-publish-title" ref={headingRef} tabIndex={-1}>
        Publiser lokalet
      </Heading>
      <Paragraph>
        {unsaved === 0
          ? 'Alle stegene er lagret. Når du publiserer, vises lokalet i portalen med en gang.'
          : `${unsaved} av ${newLocationSteps.length} steg er ikke lagret ennå. Lagre dem før du publiserer.`}
      </Paragraph>
      {publish.error && (
        <Alert data-color="danger" role="alert">
          <Paragraph>{userMessageOf(publish.error)}</Paragraph>
        </Alert>
      )}
      <div>
        <Button onClick={() => publish.mutate()} loading={publish.isPending} disabled={publish.isPending}>
          Publiser lokalet
        </Button>
      </div>
    </section>
  );
}
