import { useEffect, useId, useRef } from 'react';
import { Alert, Button, Checkbox, Field, Fieldset, Heading, Label, Paragraph, Select, Textfield } from '@digdir/designsystemet-react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { userMessageOf } from '@lokaler/api-client/user-message';
import type { AssetType } from '@lokaler/domain/asset-type';
import type { Tag, TagType } from '@lokaler/domain/tag';
import { useUnsavedChangesGuard } from '@lokaler/ui/unsaved-changes-guard';
import { FormErrorSummary } from '@lokaler/ui/form-error-summary';
import { fieldId } from './field-paths';
import { roomFlagLabels, roomFormSchema, type RoomFormOutput, type RoomFormValues } from './rooms-values';

const tagGroups: { type: TagType; legend: string }[] = [
  { type: 'purpose', legend: 'Egnet til' },
  { type: 'facility', legend: 'Fasiliteter' },
  { type: 'uu', legend: 'Universell utforming' },
];

const numberOrNull = (value: unknown) => (value === '' || value === null || value === undefined ? null : Number(value));

export interface RoomFormProps {
  title: string;
  initial: RoomFormValues;
  tags: readonly Tag[];
  assetTypes: readonly AssetType[];
  saving: boolean;
  saveError: unknown;
  guardUnsaved: boolean;
  onSave: (room: RoomFormOutput) => void;
  onCancel: () => void;
}

/** Every field of roomFields (decision 015), validated by the same schema, with the schema's messages. */
export function RoomForm({ title, initial, tags, assetTypes, saving, saveError, guardUnsaved, onSave, onCancel }: RoomFormProps) {
  const prefix = useId().replace(/:/g, '');
  const headingRef = useRef<HTMLHeadingElement>(null);
  const { register, handleSubmit, formState } = useForm<RoomFormValues, unknown, RoomFormOutput>({
    resolver: zodResolver(roomFormSchema),
    defaultValues: initial,
    shouldFocusError: false,
  });
  const guard = useUnsavedChangesGuard(guardUnsaved && formState.isDirty);
  const { errors } = formState;

  // Opening the form moves the keyboard to it; a refused save moves it to the list of what to fix (the summary).
  useEffect(() => headingRef.current?.focus(), []);

  const id = (path: string) => fieldId(prefix, path);
  return (
    <>
      <form
        className="lk-stack lk-narrow lk-room-form"
        onSubmit={(event) => void handleSubmit(onSave)(event)}
        noValidate
        aria-labelledby={`${prefix}-title`}
      >
        <Heading level={3} data-size="xs" id={`${prefix}-title`} ref={headingRef} tabIndex={-1}>
          {title}
        </Heading>
        <FormErrorSummary
          errors={errors}
          submitCount={formState.submitCount}
          idOf={id}
          heading="Du må rette opp følgende før du kan lagre:"
        />
        <Textfield id={id('name')} label="Navn" {...register('name')} error={errors.name?.message} required />
        <Textfield
          id={id('externalAssetNumber')}
          label="Romnummer (valgfritt)"
          {...register('externalAssetNumber')}
          error={errors.externalAssetNumber?.message}
        />
        <Textfield
          id={id('capacity')}
          label="Kapasitet (antall personer)"
          type="number"
          min={0}
          step={1}
          inputMode="numeric"
          {...register('capacity', { setValueAs: numberOrNull })}
          error={errors.capacity?.message}
        />
        <Textfield
          id={id('squareMeters')}
          label="Areal (m²)"
          type="number"
          min={0}
          step="any"
          inputMode="decimal"
          {...register('squareMeters', { setValueAs: numberOrNull })}
          error={errors.squareMeters?.message}
        />
        <Field>
          <Label htmlFor={id('assetTypeId')}>Romtype</Label>
          <Select id={id('assetTypeId')} {...register('assetTypeId', { setValueAs: numberOrNull })}>
            <Select.Option value="">Ikke valgt</Select.Option>
            {assetTypes.map((t) => (
              <Select.Option key={t.id} value={String(t.id)}>
                {t.name}
              </Select.Option>
            ))}
          </Select>
        </Field>
        {tagGroups.map((group) => {
          const ofType = tags.filter((t) => t.tagType === group.type);
          if (ofType.length === 0) return null;
          return (
            <Fieldset key={group.type}>
              <Fieldset.Legend>{group.legend}</Fieldset.Legend>
              <div className="lk-room-tags">
                {ofType.map((t) => (
                  <Checkbox key={t.id} label={t.name} value={String(t.id)} {...register('tagIds')} />
                ))}
              </div>
            </Fieldset>
          );
        })}
        <Textfield
          id={id('assetInfoMessage')}
          label="Informasjon om rommet (valgfritt)"
          description="Vises for søkerne sammen med rommet"
          multiline
          rows={4}
          {...register('assetInfoMessage')}
          error={errors.assetInfoMessage?.message}
        />
        <Fieldset>
          <Fieldset.Legend>Tilgang og regler</Fieldset.Legend>
          <Checkbox label={roomFlagLabels.hasOslonokkelen} {...register('hasOslonokkelen')} />
          <Checkbox label={roomFlagLabels.allowSingleBookingsForPublicUser} {...register('allowSingleBookingsForPublicUser')} />
          <Checkbox label={roomFlagLabels.allowRepeatedBookingsForPublicUser} {...register('allowRepeatedBookingsForPublicUser')} />
          <Checkbox label={roomFlagLabels.maxOneTimeslotPerBookingForPublicUser} {...register('maxOneTimeslotPerBookingForPublicUser')} />
          <Checkbox label={roomFlagLabels.visible} {...register('visible')} />
        </Fieldset>
        {Boolean(saveError) && (
          <Alert data-color="danger" role="alert">
            <Paragraph>{userMessageOf(saveError)}</Paragraph>
          </Alert>
        )}
        <div className="lk-dialog-actions">
          <Button type="submit" disabled={saving}>
            {saving ? 'Lagrer …' : 'Lagre rommet'}
          </Button>
          <Button variant="tertiary" onClick={onCancel} disabled={saving}>
            Avbryt
          </Button>
        </div>
      </form>
      {guard.dialog}
    </>
  );
}
