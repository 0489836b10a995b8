import { Heading, Paragraph } from '@digdir/designsystemet-react';
import { Loading } from '@lokaler/ui/loading';
import { usePageTitle } from '@lokaler/ui/page-title';

/** The login gate (spec 01 §2 "Send-button label"): shown while the browser goes to the identity provider. */
export function LoggingIn() {
  usePageTitle('Logger deg inn');
  return (
    <section className="lk-stack" aria-labelledby="lk-logging-in">
      <Heading level={2} data-size="md" id="lk-logging-in">
        Logger deg inn
      </Heading>
      <Paragraph>Svarene dine er tatt vare på. Etter innloggingen kommer du tilbake hit og kan sende søknaden.</Paragraph>
      <Loading label="Logger deg inn" delayMs={0} />
    </section>
  );
}
