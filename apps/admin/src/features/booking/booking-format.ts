import type { BookingDurationType } from '@lokaler/domain/booking';

export const bookingDurationTypeLabels: Record<BookingDurationType, string> = {
  SEMESTERLOAN: 'Semesterlån',
  SINGLE_BOOKING: 'Enkeltbooking',
};
