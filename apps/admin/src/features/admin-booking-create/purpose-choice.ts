import { z } from 'zod';
import { adminBookingPurposeChoice, type AdminBookingPurpose, type AdminBookingPurposeChoice, type CreateBookingRequestWithAdmin } from '@lokaler/domain/admin-booking-create';
import type { AssetTimesToBook } from '@lokaler/domain/booking-request';
import { requireLastDate, timeChoiceFields, type TimeChoice } from './time-choice';

export const purposeLabels: Record<AdminBookingPurpose, string> = {
  ADMINUSER_ON_BEHALF_OF_PUBLICUSER_LOAN: 'På vegne av en innbygger',
  ADMINUSER_INTERNAL_ACTIVITY: 'Intern aktivitet',
  ADMINUSER_MAKE_TIME_UNAVAILABLE: 'Gjør tiden utilgjengelig',
};

const newBookingFields = adminBookingPurposeChoice.safeExtend(timeChoiceFields).superRefine(requireLastDate);
export type NewBookingValues = z.input<typeof newBookingFields>;
export type NewBooking = z.output<typeof newBookingFields>;

/** Only the chosen purpose's fields are sent (adminBookingBody), so only they are judged. */
function chosenPurposeFields(values: unknown): unknown {
  if (typeof values !== 'object' || values === null) return values;
  const { onBehalfOfName, onBehalfOfEmail, internalEventTitle, ...rest } = values as Record<string, unknown>;
  return rest.bookingPurpose === 'ADMINUSER_ON_BEHALF_OF_PUBLICUSER_LOAN' ? { ...rest, onBehalfOfName, onBehalfOfEmail } : { ...rest, internalEventTitle };
}

/**
 * The new-booking form: who or what the administrator books for, judged by the schema POST
 * /api/booking judges it with (adminBookingPurposeChoice: name and e-mail for a citizen, no title
 * required, since the server gives a missing one the purpose's default), and the time fields. A
 * preprocess takes any input, so the form's value type is stated here for react-hook-form.
 */
export const newBookingSchema = z.preprocess(chosenPurposeFields, newBookingFields) as unknown as z.ZodType<NewBooking, NewBookingValues>;

/** POST /api/booking's body; only the chosen purpose's fields are sent. */
export function adminBookingBody(choice: AdminBookingPurposeChoice, times: AssetTimesToBook[], chosen: Pick<TimeChoice, 'repeatWeekly' | 'includeBlockedSlots' | 'includeClosedDates'>): CreateBookingRequestWithAdmin {
  const onBehalf = choice.bookingPurpose === 'ADMINUSER_ON_BEHALF_OF_PUBLICUSER_LOAN';
  const title = choice.internalEventTitle ?? '';
  return {
    availabilityData: { probablyAvailable: times },
    isRepeating: chosen.repeatWeekly,
    includeBlockedSlots: chosen.includeBlockedSlots,
    includeClosedDates: chosen.includeClosedDates,
    bookingPortalClient: 'ADMIN',
    bookingPurpose: choice.bookingPurpose,
    formAnswers: {},
    ...(onBehalf ? { onBehalfOfName: choice.onBehalfOfName, onBehalfOfEmail: choice.onBehalfOfEmail } : {}),
    ...(!onBehalf && title ? { internalEventTitle: title } : {}),
  };
}
