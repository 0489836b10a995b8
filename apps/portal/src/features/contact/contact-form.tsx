import { Button, Field, Fieldset, Label, Radio, Select, Textfield, ValidationMessage } from '@digdir/designsystemet-react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import type { LocationListItem as Location } from '@lokaler/domain/location';
import { supportCategories, type SupportCategory } from '@lokaler/domain/support-inquiry';
import {
  categoriesWithLocation,
  categoriesWithReferringPage,
  locationIdFromReferringPage,
  locationPrompt,
  supportRequest,
  type SupportRequest,
} from '@lokaler/domain/support-request';
import { isApiClientError } from '@lokaler/api-client/api-client-error';
import { categoryLabels, contactFailure } from './contact-texts';
import { FormErrorSummary } from '@lokaler/ui/form-error-summary';

interface ContactFormProps {
  locations: readonly Location[];
  referringPage: string | null;
  send: (request: SupportRequest) => Promise<void>;
}

/** Only what the category needs is sent (spec 01 §5): a location for LOCATION and BOOKING, the referring page for TECHNICAL and OTHER. */
export function toSupportRequest(values: SupportRequest): SupportRequest {
  return {
    category: values.category,
    userEmail: values.userEmail,
    message: values.message,
    locationId: categoriesWithLocation.has(values.category) ? values.locationId : undefined,
    referringPage: categoriesWithReferringPage.has(values.category) ? values.referringPage : undefined,
  };
}

/**
 * The contact form (spec 01 §2, §5), validated with the schema POST /api/support uses. A location
 * id found in the referring page pre-selects the location.
 */
export function ContactForm({ locations, referringPage, send }: ContactFormProps) {
  const preselected = locationIdFromReferringPage(referringPage);
  const { register, handleSubmit, control, setError, formState } = useForm({
    resolver: zodResolver(supportRequest),
    // The error summary takes the focus after a refused submit, not the first field.
    shouldFocusError: false,
    defaultValues: {
      category: '',
      userEmail: '',
      message: '',
      locationId: preselected !== null && locations.some((l) => l.id === preselected) ? String(preselected) : '',
      referringPage: referringPage ?? '',
    },
  });
  const category = useWatch({ control, name: 'category' }) as SupportCategory | '';
  const { errors } = formState;
  const showLocation = category !== '' && categoriesWithLocation.has(category);

  const submit = handleSubmit(async (values) => {
    try {
      await send(toSupportRequest(values));
    } catch (error) {
      // Spec 01 §8: a failed send shows on the e-mail field, with the server's message when it has one.
      const fields = isApiClientError(error) ? (error.fields ?? []) : [];
      const known = ['category', 'userEmail', 'message', 'locationId'] as const;
      let placed = false;
      for (const field of fields) {
        const name = known.find((k) => field.path === k || field.path.endsWith(`.${k}`));
        if (name) {
          setError(name, { message: field.message }, { shouldFocus: !placed });
          placed = true;
        }
      }
      if (!placed) setError('userEmail', { message: (isApiClientError(error) && error.userMsg) || contactFailure }, { shouldFocus: true });
    }
  });

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="lk-stack lk-contact-form">
      <FormErrorSummary errors={errors} submitCount={formState.submitCount} heading="For å sende må du rette opp følgende:" />
      <Fieldset>
        <Fieldset.Legend>Hva gjelder henvendelsen?</Fieldset.Legend>
        {supportCategories.map((value) => (
          <Radio key={value} label={categoryLabels[value]} value={value} {...register('category')} />
        ))}
        {errors.category?.message && <ValidationMessage>{errors.category.message}</ValidationMessage>}
      </Fieldset>
      {showLocation && (
        <Field>
          <Label>Lokale</Label>
          <Select {...register('locationId')}>
            <Select.Option value="">{locationPrompt}</Select.Option>
            {locations.map((location) => (
              <Select.Option key={location.id} value={String(location.id)}>
                {location.name}
              </Select.Option>
            ))}
          </Select>
          {errors.locationId?.message && <ValidationMessage>{errors.locationId.message}</ValidationMessage>}
        </Field>
      )}
      {/* Not type="email": Chromium's own check refuses æøå before the local part that the schema accepts. */}
      <Textfield
        label="E-post"
        type="text"
        inputMode="email"
        autoComplete="email"
        spellCheck={false}
        autoCapitalize="off"
        error={errors.userEmail?.message}
        {...register('userEmail')}
      />
      <Textfield label="Melding" multiline rows={6} error={errors.message?.message} {...register('message')} />
      <input type="hidden" {...register('referringPage')} />
      <div>
        <Button type="submit" aria-disabled={formState.isSubmitting || undefined}>
          Send
        </Button>
      </div>
    </form>
  );
}
