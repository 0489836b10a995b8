import { z } from 'zod';
import { createRoundBody, type CreateRoundBody } from '@lokaler/domain/application-rounds';
import { isValidDate } from '@lokaler/domain/scheduling/calendar-date';

/** The new round's form: what the fields hold, judged by createRoundBody with a message per date field. */
export interface RoundFormValues {
  name: string;
  applicationStart: string;
  deadline: string;
  semesterStart: string;
  semesterEnd: string;
  locationIds: number[];
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

/**
 * createRoundBody's rules and messages (the server says the same), with the date fields' own message
 * when a date is missing or unreadable instead of the API's 'Ugyldig dato, bruk formatet ÅÅÅÅ-MM-DD'.
 */
export const roundFormSchema = z
  .object({
    name: z.string(),
    applicationStart: z.string(),
    deadline: z.string(),
    semesterStart: z.string(),
    semesterEnd: z.string(),
    locationIds: z.array(z.number()),
  })
  .superRefine((values, ctx) => {
    for (const field of roundDateFields) {
      if (!isValidDate(values[field])) ctx.addIssue({ code: 'custom', path: [field], message: roundDateMessages[field] });
    }
    const parsed = createRoundBody.safeParse(values);
    if (parsed.success) return;
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      if (isDateField(field) && !isValidDate(values[field])) continue;
      ctx.addIssue({ code: 'custom', path: issue.path.filter((p): p is string | number => typeof p !== 'symbol'), message: issue.message });
    }
  });

/** The body of a form the schema has accepted (the name trimmed). */
export const toCreateRoundBody = (values: RoundFormValues): CreateRoundBody => createRoundBody.parse(values);
