import type { AdminBookingPurpose, CreateBookingRequestWithAdmin } from '@lokaler/domain/admin-booking-create';
import type { AssetTimesToBook } from '@lokaler/domain/booking-request';

/** Who or what the administrator books for (spec 02 §6). */
export interface PurposeChoice {
  purpose: AdminBookingPurpose;
  name: string;
  email: string;
  title: string;
}

export type PurposeErrors = Partial<Record<'name' | 'email' | 'title', string>>;

export const purposeLabels: Record<AdminBookingPurpose, string> = {
  ADMINUSER_ON_BEHALF_OF_PUBLICUSER_LOAN: 'På vegne av en innbygger',
  ADMINUSER_INTERNAL_ACTIVITY: 'Intern aktivitet',
  ADMINUSER_MAKE_TIME_UNAVAILABLE: 'Gjør tiden utilgjengelig',
};

export const purposeMessages = {
  name: 'Skriv inn navnet til den du booker for',
  email: 'Skriv inn en gyldig e-postadresse til den du booker for',
  title: 'Skriv inn en tittel på aktiviteten',
} as const;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Name and e-mail for a citizen, a title for an internal activity; nothing more for unavailable time. */
export function validatePurpose(choice: PurposeChoice): PurposeErrors {
  const errors: PurposeErrors = {};
  if (choice.purpose === 'ADMINUSER_ON_BEHALF_OF_PUBLICUSER_LOAN') {
    if (!choice.name.trim()) errors.name = purposeMessages.name;
    if (!EMAIL.test(choice.email.trim())) errors.email = purposeMessages.email;
  }
  if (choice.purpose === 'ADMINUSER_INTERNAL_ACTIVITY' && !choice.title.trim()) errors.title = purposeMessages.title;
  return errors;
}

/** POST /api/booking's body; only the chosen purpose's fields are sent. */
export function adminBookingBody(choice: PurposeChoice, times: AssetTimesToBook[], flags: { isRepeating: boolean; includeBlockedSlots: boolean; includeClosedDates: boolean }): CreateBookingRequestWithAdmin {
  const onBehalf = choice.purpose === 'ADMINUSER_ON_BEHALF_OF_PUBLICUSER_LOAN';
  const title = choice.title.trim();
  return {
    availabilityData: { probablyAvailable: times },
    ...flags,
    bookingPortalClient: 'ADMIN',
    bookingPurpose: choice.purpose,
    formAnswers: {},
    ...(onBehalf ? { onBehalfOfName: choice.name.trim(), onBehalfOfEmail: choice.email.trim() } : {}),
    ...(!onBehalf && title ? { internalEventTitle: title } : {}),
  };
}
