import type { BookingPurpose } from '@lokaler/domain/booking';

/** Norwegian names of the booking purposes (spec 01 §3), as the admin screens show them. */
export const bookingPurposeLabels: Record<BookingPurpose, string> = {
  UNKNOWN: 'Ukjent',
  PUBLICUSER_LOAN: 'Søknad fra innbygger',
  ADMINUSER_ON_BEHALF_OF_PUBLICUSER_LOAN: 'Booket på vegne av innbygger',
  ADMINUSER_INTERNAL_ACTIVITY: 'Intern aktivitet',
  ADMINUSER_MAKE_TIME_UNAVAILABLE: 'Gjort utilgjengelig',
};
