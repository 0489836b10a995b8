import { Alert, Fieldset, Paragraph, Table, Textfield } from '@digdir/designsystemet-react';
import type { UseFormReturn } from 'react-hook-form';
import { costBasedPriceFields, formatKroner, type SelvkostCalculationResponse } from '@lokaler/domain/admin-selvkost';
import type { ApprovalFormValues, CostBasedPriceField } from './approval-form';

const fieldLabels: Record<CostBasedPriceField, string> = {
  lokalkategori1: 'Lokalkategori 1 (under 80 m²), kr per time',
  lokalkategori2: 'Lokalkategori 2 (80–199 m²), kr per time',
  lokalkategori3: 'Lokalkategori 3 (200 m² og mer), kr per time',
  etableringSemesterlan: 'Etablering, semesterlån, kr',
  etableringEngangsutleie: 'Etablering, engangsutleie, kr',
  timeTilsynsvakt: 'Tilsynsvakt, kr per time',
  timeEkstraRenhold: 'Ekstra renhold, kr per time',
};

/**
 * The cost-based price fields, prefilled from the location's selvkost prices, and the calculation of
 * this booking's price. No prices for the location ('Could not find selvkost prices') leaves the
 * fields empty for the administrator to fill in.
 */
export function CostFields({
  form,
  hasPrices,
  calculation,
}: {
  form: UseFormReturn<ApprovalFormValues>;
  hasPrices: boolean | undefined;
  calculation: SelvkostCalculationResponse | null | undefined;
}) {
  const errors = form.formState.errors.costBasedPrices;
  return (
    <Fieldset className="lk-cost-fields">
      <Fieldset.Legend>Selvkostpriser</Fieldset.Legend>
      {hasPrices && (
        <Fieldset.Description>Prisene er fylt inn fra lokalets selvkostpriser. Du kan endre dem for denne søknaden.</Fieldset.Description>
      )}
      {hasPrices === false && (
        <Alert data-color="info">
          <Paragraph>Lokalet har ingen selvkostpriser ennå. Fyll inn prisene for denne søknaden.</Paragraph>
        </Alert>
      )}
      <div className="lk-cost-fields__grid">
        {costBasedPriceFields.map((field) => (
          <Textfield
            key={field}
            label={fieldLabels[field]}
            inputMode="decimal"
            autoComplete="off"
            error={errors?.[field]?.message}
            {...form.register(`costBasedPrices.${field}`)}
          />
        ))}
      </div>
      {calculation && <Calculation calculation={calculation} />}
    </Fieldset>
  );
}

function Calculation({ calculation }: { calculation: SelvkostCalculationResponse }) {
  return (
    // A region of its own with a tab stop: on a phone the table scrolls sideways, and a keyboard must be able to scroll it.
    <div className="lk-table-scroll" tabIndex={0} role="region" aria-label="Beregnet pris">
      <Table data-size="sm" zebra>
        <caption>Beregnet pris med lokalets selvkostpriser</caption>
        <Table.Head>
          <Table.Row>
            <Table.HeaderCell>Post</Table.HeaderCell>
            <Table.HeaderCell>Antall</Table.HeaderCell>
            <Table.HeaderCell>Pris</Table.HeaderCell>
            <Table.HeaderCell>Beløp</Table.HeaderCell>
          </Table.Row>
        </Table.Head>
        <Table.Body>
          {calculation.lines.map((line, i) => (
            <Table.Row key={i}>
              <Table.Cell>{line.description}</Table.Cell>
              <Table.Cell>{line.kind === 'ETABLERING' ? '1' : `${line.quantity.toLocaleString('nb-NO')} t`}</Table.Cell>
              <Table.Cell>{formatKroner(line.unitPriceOre)}</Table.Cell>
              <Table.Cell>{formatKroner(line.amountOre)}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
        <Table.Foot>
          <Table.Row>
            <Table.HeaderCell colSpan={3}>Sum</Table.HeaderCell>
            <Table.Cell>{formatKroner(calculation.totalOre)}</Table.Cell>
          </Table.Row>
        </Table.Foot>
      </Table>
      <Paragraph data-size="sm" className="lk-subtle">
        Ekstra renhold faktureres etterpå etter medgått tid ({formatKroner(calculation.ekstraRenholdPerHourOre)} per time). Endrer du
        prisene over, viser forhåndsvisningen av kontrakten beløpet med dine priser.
      </Paragraph>
    </div>
  );
}
