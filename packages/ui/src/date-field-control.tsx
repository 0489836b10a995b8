import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { DateField, type DateFieldProps } from './date-field';

type ControlledProps<T extends FieldValues, TOut> = Omit<DateFieldProps, 'value' | 'onChange' | 'onBlur' | 'ref' | 'name'> & {
  control: Control<T, unknown, TOut>;
  name: FieldPath<T>;
};

/** The date field bound to a react-hook-form field holding 'YYYY-MM-DD' (its error shown unless one is given). */
export function DateFieldControl<T extends FieldValues, TOut = T>({ control, name, error, ...props }: ControlledProps<T, TOut>) {
  const {
    field: { name: fieldName, ref, value, onChange, onBlur },
    fieldState,
  } = useController({ control, name });
  const current: unknown = value;
  return (
    <DateField
      {...props}
      name={fieldName}
      ref={ref}
      value={typeof current === 'string' ? current : ''}
      onChange={onChange}
      onBlur={onBlur}
      error={error ?? fieldState.error?.message}
    />
  );
}
