import { useId } from 'react';
import { Fieldset, Radio, ValidationMessage } from '@digdir/designsystemet-react';
import type { UseFormReturn } from 'react-hook-form';
import { costCategories, type CostCategory } from '@lokaler/domain/booking';
import { costCategoryLabels } from '../../lib/labels';
import type { ApprovalFormValues } from './approval-form';

const descriptions: Record<CostCategory, string> = {
  FREE: 'Søkeren låner lokalet uten å betale.',
  COST: 'Søkeren betaler selvkost etter lokalets priser.',
  MARKET: 'Søkeren betaler en markedspris du setter.',
};

/** FREE / COST / MARKET as radio buttons; none chosen gives 'Vennligst velg et alternativ'. */
export function CategoryField({ form }: { form: UseFormReturn<ApprovalFormValues> }) {
  const errorId = useId();
  const error = form.formState.errors.costCategory?.message;
  return (
    <Fieldset>
      <Fieldset.Legend>Kostnadskategori</Fieldset.Legend>
      {costCategories.map((category) => (
        <Radio
          key={category}
          label={costCategoryLabels[category]}
          description={descriptions[category]}
          value={category}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          {...form.register('costCategory')}
        />
      ))}
      {error && <ValidationMessage id={errorId}>{error}</ValidationMessage>}
    </Fieldset>
  );
}
