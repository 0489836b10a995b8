import { Card, Heading, Paragraph, Switch } from '@digdir/designsystemet-react';
import { useSearchParams } from 'react-router';
import { featureSwitchNames, setFeatureSwitch, useFeatureSwitches, type FeatureSwitchName } from './feature-switches';

const labels: Record<FeatureSwitchName, string> = {
  orgLogin: 'Innlogging som organisasjon (orgLogin)',
  invoiceGeneration: 'Fakturagenerering (invoiceGeneration)',
};

/** The hidden panel of spec 01 §1: shown only when the URL query contains featureSwitches. */
export function FeatureSwitchPanel() {
  const [searchParams] = useSearchParams();
  const switches = useFeatureSwitches();
  if (!searchParams.has('featureSwitches')) return null;

  return (
    <Card className="lk-feature-switches" data-color="neutral" asChild>
      <section aria-labelledby="lk-feature-switches-title">
        <Heading level={2} data-size="xs" id="lk-feature-switches-title">
          Funksjonsbrytere
        </Heading>
        <Paragraph data-size="sm">Lagres bare i denne nettleseren.</Paragraph>
        {featureSwitchNames.map((name) => (
          <Switch key={name} label={labels[name]} checked={switches[name]} onChange={(event) => setFeatureSwitch(name, event.target.checked)} />
        ))}
      </section>
    </Card>
  );
}
