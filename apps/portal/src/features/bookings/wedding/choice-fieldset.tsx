import type { ReactNode } from 'react';
import { Fieldset, Radio, ValidationMessage } from '@digdir/designsystemet-react';
import type { UseFormRegisterReturn } from 'react-hook-form';

/**
 * One question answered by radio buttons (yes/no, a language), with the schema's message under it.
 * The first radio carries the field's id, so the error summary's link lands on the question.
 */
export function ChoiceFieldset({
  id,
  legend,
  description,
  options,
  error,
  registration,
  children,
}: {
  id: string;
  legend: string;
  description?: string;
  options: readonly { value: string; label: string }[];
  error?: string;
  registration: UseFormRegisterReturn;
  /** What the answer opens (the detail asked when the answer is yes). */
  children?: ReactNode;
}) {
  const errorId = `${id}-error`;
  return (
    <Fieldset>
      <Fieldset.Legend>{legend}</Fieldset.Legend>
      {description && <Fieldset.Description>{description}</Fieldset.Description>}
      {options.map((option, index) => (
        <Radio
          key={option.value}
          id={index === 0 ? id : `${id}-${option.value}`}
          value={option.value}
          label={option.label}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          {...registration}
        />
      ))}
      {error && <ValidationMessage id={errorId}>{error}</ValidationMessage>}
      {children}
    </Fieldset>
  );
}
