import { Card, Heading, Paragraph, Switch } from '@digdir/designsystemet-react';
import { featureSwitchNames, setFeatureSwitch, useFeatureSwitches, type FeatureSwitchName } from './feature-switches';

const labels: Record<FeatureSwitchName, string> = {
  orgLogin: 'Innlogging som organisasjon (orgLogin)',
  invoiceGeneration: 'Fakturagenerering (invoiceGeneration)',
};

/** The switches of the hidden panel (feature-switch-panel.tsx shows it). */
export function FeatureSwitchCard() {
  const switches = useFeatureSwitches();

  return (
    <Card className="lk-feature-switches" data-color="neutral" asChild>
      <section aria-labelledby="lk-feature-switches-title">
        <Heading level={2} data-size="xs" id="lk-feature-switches-title">
          Funksjonsbrytere
        </Heading>
        <Paragraph data-size="sm">Lagres bare i denne nettleseren.</Paragraph>
        {featureSwitchNames.map((name) => (
          <Switch
            key={name}
            label={labels[name]}
            checked={switches[name]}
            onChange={(event) => setFeatureSwitch(name, event.target.checked)}
          />
        ))}
      </section>
    </Card>
  );
}
