import { Alert, Button, Heading, Paragraph, Table, Tag } from '@digdir/designsystemet-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { locationInvitationsQuery, resendInvitationMutation } from '@lokaler/api-client/admin-new-location';
import { useCurrentUserRoles } from '@lokaler/api-client/current-user';
import { useAuth } from '@lokaler/api-client/react/auth-provider';
import { loadFailureMessage, userMessageOf } from '@lokaler/api-client/user-message';
import { invitationStatusLabels, newLocationMessages, type LocationInvitation } from '@lokaler/domain/admin-location';
import { usePageTitle } from '@lokaler/ui/page-title';
import { QueryLoader } from '@lokaler/ui/query-loader';
import { formatInstantDate } from '../../lib/format';
import { CreateLocationForm } from './create-location-form';
import '../../lib/common.css';

const statusColors = { SENT: 'info', USED: 'warning', EXPIRED: 'danger', PUBLISHED: 'success' } as const;

/** /innstillinger/nye-lokaler: the city-wide administrator creates locations and follows the invitations. */
export function NewLocationsPage() {
  usePageTitle('Nye lokaler');
  const { user } = useAuth();
  const roles = useCurrentUserRoles(user?.sub);
  return (
    <div className="lk-stack">
      <Heading level={1} data-size="lg">
        Nye lokaler
      </Heading>
      <QueryLoader query={roles} loadingLabel="Henter tilgangene dine" describeFailure={loadFailureMessage}>
        {(r) =>
          r.roles.includes('CITY_ADMIN') ? <CityAdminContent /> : <Paragraph>Bare byadministratorer kan opprette nye lokaler.</Paragraph>
        }
      </QueryLoader>
    </div>
  );
}

function CityAdminContent() {
  const invitations = useQuery(locationInvitationsQuery());
  return (
    <>
      <CreateLocationForm />
      <section className="lk-stack" aria-labelledby="lk-invitations-title">
        <Heading level={2} data-size="md" id="lk-invitations-title">
          Invitasjoner
        </Heading>
        <QueryLoader query={invitations} loadingLabel="Henter invitasjonene" describeFailure={loadFailureMessage}>
          {(list) =>
            list.length === 0 ? <Paragraph>Ingen invitasjoner er sendt ennå.</Paragraph> : <InvitationTable invitations={list} />
          }
        </QueryLoader>
      </section>
    </>
  );
}

/** An invitation nobody has taken in use yet (sent or expired) can be sent again with a new link. */
const resendable = (invitation: LocationInvitation) => invitation.status === 'SENT' || invitation.status === 'EXPIRED';

function InvitationTable({ invitations }: { invitations: readonly LocationInvitation[] }) {
  const queryClient = useQueryClient();
  const resend = useMutation(resendInvitationMutation(queryClient));
  return (
    <>
      <div role="status">
        {resend.isSuccess && (
          <Alert data-color="success">
            <Paragraph>{`${newLocationMessages.invitationResent} Sendt til ${resend.data.email}.`}</Paragraph>
          </Alert>
        )}
      </div>
      {resend.error && (
        <Alert data-color="danger" role="alert">
          <Paragraph>{userMessageOf(resend.error)}</Paragraph>
        </Alert>
      )}
      <div className="lk-table-scroll" tabIndex={0} role="region" aria-label="Tabell over invitasjoner">
        <Table data-size="sm" zebra>
          <Table.Head>
            <Table.Row>
              <Table.HeaderCell>Lokale</Table.HeaderCell>
              <Table.HeaderCell>Administrator</Table.HeaderCell>
              <Table.HeaderCell>Status</Table.HeaderCell>
              <Table.HeaderCell>Sendt</Table.HeaderCell>
              <Table.HeaderCell>Utløper</Table.HeaderCell>
              <Table.HeaderCell>
                <span className="lk-visually-hidden">Handling</span>
              </Table.HeaderCell>
            </Table.Row>
          </Table.Head>
          <Table.Body>
            {invitations.map((i) => (
              <Table.Row key={i.id}>
                <Table.Cell>{i.locationName}</Table.Cell>
                <Table.Cell style={{ overflowWrap: 'anywhere' }}>{i.email}</Table.Cell>
                <Table.Cell>
                  <Tag data-color={statusColors[i.status]} data-size="sm">
                    {invitationStatusLabels[i.status]}
                  </Tag>
                </Table.Cell>
                <Table.Cell>{formatInstantDate(i.createdTimeUtc)}</Table.Cell>
                <Table.Cell>{formatInstantDate(i.expiresTimeUtc)}</Table.Cell>
                <Table.Cell>
                  {resendable(i) && (
                    <Button
                      variant="secondary"
                      data-size="sm"
                      type="button"
                      aria-label={`Send invitasjonen på nytt for ${i.locationName}`}
                      disabled={resend.isPending}
                      onClick={() => resend.mutate(i.id)}
                    >
                      Send invitasjonen på nytt
                    </Button>
                  )}
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table>
      </div>
    </>
  );
}
