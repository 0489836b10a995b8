import { type ChangeEvent } from 'react';
import { Field, Label, Paragraph, ValidationMessage } from '@digdir/designsystemet-react';
import { useFormContext } from 'react-hook-form';
import { PROEVINGSATTEST_CONTENT_TYPE, checkCertificateFile, uploadFailedMessage } from '@lokaler/domain/wedding-certificate';
import { readFileBase64 } from '../detail/read-file-base64';
import { fieldId } from './informasjon-step';
import type { WeddingFormValues } from './wedding-form-values';

/**
 * The prøvingsattest chosen in the wizard (decision 014): checked here with the upload's own rules
 * ('Kun PDF-filer er tillatt', 'Filen kan ikke være større enn 10 MB'), kept as a data URL in the
 * form and sent with it; the server checks the bytes again.
 */
export function CertificateField() {
  const {
    setValue,
    setError,
    clearErrors,
    watch,
    formState: { errors },
  } = useFormContext<WeddingFormValues>();
  const fileName = watch('proevingsattestFileName');
  const error = errors.proevingsattestFile?.message;
  const id = fieldId('proevingsattestFile');

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    const check = checkCertificateFile(file);
    if (!check.ok) {
      event.target.value = '';
      setValue('proevingsattestFile', '');
      setValue('proevingsattestFileName', '');
      setError('proevingsattestFile', { message: check.message });
      return;
    }
    readFileBase64(file).then(
      (base64) => {
        setValue('proevingsattestFile', `data:${file.type || PROEVINGSATTEST_CONTENT_TYPE};name=file;base64,${base64}`);
        setValue('proevingsattestFileName', file.name);
        clearErrors('proevingsattestFile');
      },
      () => setError('proevingsattestFile', { message: uploadFailedMessage }),
    );
  };

  return (
    <Field>
      <Label htmlFor={id}>Prøvingsattest (PDF, høyst 10 MB)</Label>
      <input
        id={id}
        type="file"
        accept={`${PROEVINGSATTEST_CONTENT_TYPE},.pdf`}
        onChange={onChange}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      {fileName && <Paragraph data-size="sm">Valgt fil: {fileName}</Paragraph>}
      {error && <ValidationMessage id={`${id}-error`}>{error}</ValidationMessage>}
    </Field>
  );
}
