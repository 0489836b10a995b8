import { z } from 'zod';
import {
  createRoundBody,
  updateRoundBody,
  type CreateRoundBody,
  type RoundSummary,
  type UpdateRoundBody,
} from '@lokaler/domain/application-rounds';
import { isValidDate } from '@lokaler/domain/scheduling/calendar-date';

/** The new round's form: what the fields hold, judged by createRoundBody with a message per date field. */
export interface RoundFormValues {
  name: string;
  applicationStart: string;
  deadline: string;
  semesterStart: string;
  semesterEnd: string;
  /** The round's limits per applicant, as typed (whole numbers; decision 041). */
  maxApplicationsPerApplicant: string;
  maxWeeklyHoursPerApplicant: string;
  locationIds: number[];
}

export const roundLimitFields = ['maxApplicationsPerApplicant', 'maxWeeklyHoursPerApplicant'] as const;

/** A typed limit as the body's number: empty or not a number is NaN, which the body refuses with 'Skriv et helt tall'. */
const typedNumber = (text: string): number => (text.trim() === '' ? Number.NaN : Number(text.trim()));

/** The values as the API body holds them: the limits as numbers. */
function bodyValuesOf<T extends { maxApplicationsPerApplicant: string; maxWeeklyHoursPerApplicant: string }>(values: T) {
  return {
    ...values,
    maxApplicationsPerApplicant: typedNumber(values.maxApplicationsPerApplicant),
    maxWeeklyHoursPerApplicant: typedNumber(values.maxWeeklyHoursPerApplicant),
  };
}

export const roundDateFields = ['applicationStart', 'deadline', 'semesterStart', 'semesterEnd'] as const;
type DateField = (typeof roundDateFields)[number];

export const roundDateMessages: Record<DateField, string> = {
  applicationStart: 'Velg datoen søknadsperioden starter',
  deadline: 'Velg søknadsfristen',
  semesterStart: 'Velg datoen semesteret starter',
  semesterEnd: 'Velg datoen semesteret slutter',
};

const isDateField = (key: unknown): key is DateField => typeof key === 'string' && (roundDateFields as readonly string[]).includes(key);

/** The name, dates and limits a round's form holds (the new round's form adds the locations). */
export type RoundDatesFormValues = Omit<RoundFormValues, 'locationIds'>;

/**
 * The body schema's rules and messages (the server says the same), with the date fields' own message
 * when a date is missing or unreadable instead of the API's 'Ugyldig dato, bruk formatet ÅÅÅÅ-MM-DD'.
 */
function formSchemaOf<T extends z.ZodRawShape>(extra: T, body: z.ZodType) {
  return z
    .object({
      name: z.string(),
      applicationStart: z.string(),
      deadline: z.string(),
      semesterStart: z.string(),
      semesterEnd: z.string(),
      maxApplicationsPerApplicant: z.string(),
      maxWeeklyHoursPerApplicant: z.string(),
      ...extra,
    })
    .superRefine((values, ctx) => {
      const dates = values as unknown as Record<DateField, string>;
      for (const field of roundDateFields) {
        if (!isValidDate(dates[field])) ctx.addIssue({ code: 'custom', path: [field], message: roundDateMessages[field] });
      }
      const parsed = body.safeParse(bodyValuesOf(values as unknown as RoundDatesFormValues));
      if (parsed.success) return;
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if (isDateField(field) && !isValidDate(dates[field])) continue;
        ctx.addIssue({
          code: 'custom',
          path: issue.path.filter((p): p is string | number => typeof p !== 'symbol'),
          message: issue.message,
        });
      }
    });
}

/** The new round's form: createRoundBody's rules. */
export const roundFormSchema = formSchemaOf({ locationIds: z.array(z.number()) }, createRoundBody);

/** The body of a form the schema has accepted (the name trimmed). */
export const toCreateRoundBody = (values: RoundFormValues): CreateRoundBody => createRoundBody.parse(bodyValuesOf(values));

/** The form that changes a round: updateRoundBody's rules. */
export const editRoundFormSchema = formSchemaOf({}, updateRoundBody);

export const toUpdateRoundBody = (values: RoundDatesFormValues): UpdateRoundBody => updateRoundBody.parse(bodyValuesOf(values));

/** The form's values from the round as it is. */
export const editRoundValuesOf = (round: RoundSummary): RoundDatesFormValues => ({
  name: round.name,
  applicationStart: round.applicationStart,
  deadline: round.deadline,
  semesterStart: round.semesterStart,
  semesterEnd: round.semesterEnd,
  maxApplicationsPerApplicant: String(round.maxApplicationsPerApplicant),
  maxWeeklyHoursPerApplicant: String(round.maxWeeklyHoursPerApplicant),
});
