import { useState, type FormEvent } from 'react';
import { Alert, Button, Dialog, Fieldset, Heading, Paragraph, Radio } from '@digdir/designsystemet-react';
import { useQuery } from '@tanstack/react-query';
import { privatePersonRequest } from '@lokaler/domain/impersonation';
import { validOrganizationsQuery } from '@lokaler/api-client/impersonation';
import { loadFailureMessage } from '@lokaler/api-client/user-message';
import { Loading } from '@lokaler/ui/loading';
import { useSwitchIdentity } from './use-switch-identity';

const PRIVATE = 'privatperson';

/**
 * Spec 01 §6 / 02 §2: 'Hvem vil du logge på som?' — the person themself or one of the organisations
 * they may act for. On success the portal goes to /bookinger and loads again.
 */
export function ImpersonationDialog({ sub, personName, onClose }: { sub: string; personName: string; onClose: () => void }) {
  const organizations = useQuery(validOrganizationsQuery(sub));
  const switchIdentity = useSwitchIdentity();
  const [choice, setChoice] = useState(PRIVATE);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (choice === PRIVATE) {
      switchIdentity.mutate(privatePersonRequest);
      return;
    }
    const organization = organizations.data?.find((o) => o.orgnr === choice);
    if (organization) switchIdentity.mutate({ orgNo: organization.orgnr, orgName: organization.orgNavn });
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby="lk-impersonation-title" closeButton="Lukk">
      <Dialog.Block>
        <Heading level={2} data-size="sm" id="lk-impersonation-title">
          Hvem vil du logge på som?
        </Heading>
      </Dialog.Block>
      <Dialog.Block>
        <form className="lk-stack" onSubmit={submit}>
          {organizations.isPending && <Loading label="Henter organisasjoner" />}
          {organizations.error && (
            <Alert data-color="danger">
              <Paragraph>{loadFailureMessage(organizations.error).title}</Paragraph>
              <Paragraph>{loadFailureMessage(organizations.error).detail}</Paragraph>
            </Alert>
          )}
          {organizations.data && (
            <Fieldset>
              <Fieldset.Legend>Velg hvem du representerer</Fieldset.Legend>
              <Radio
                name="identity"
                value={PRIVATE}
                label="Privatperson"
                description={personName}
                checked={choice === PRIVATE}
                onChange={() => setChoice(PRIVATE)}
              />
              {organizations.data.map((organization) => (
                <Radio
                  key={organization.orgnr}
                  name="identity"
                  value={organization.orgnr}
                  label={organization.orgNavn}
                  description={`Org.nr. ${organization.orgnr}`}
                  checked={choice === organization.orgnr}
                  onChange={() => setChoice(organization.orgnr)}
                />
              ))}
              {organizations.data.length === 0 && (
                <Paragraph>Du representerer ingen organisasjoner med rollen «kommunale tjenester».</Paragraph>
              )}
            </Fieldset>
          )}
          {switchIdentity.error && (
            <Alert data-color="danger" role="alert">
              <Paragraph>{switchIdentity.errorText}</Paragraph>
            </Alert>
          )}
          <div className="lk-button-row">
            <Button type="submit" loading={switchIdentity.isPending} disabled={!organizations.data}>
              Logg inn
            </Button>
            <Button type="button" variant="secondary" onClick={onClose}>
              Avbryt
            </Button>
          </div>
        </form>
      </Dialog.Block>
    </Dialog>
  );
}
