import { z } from 'zod';

/** Spec 01 §3 Booking flow themes. */
export const bookingFlowThemes = ['school', 'wedding', 'bicycle', 'default'] as const;
export const bookingFlowTheme = z.enum(bookingFlowThemes);
export type BookingFlowTheme = z.infer<typeof bookingFlowTheme>;

/** GET /api/bookingflow/{id}; also embedded in every room as `bookingFlow`. */
export const bookingFlow = z.object({
  id: z.number().int(),
  name: z.string(),
  theme: bookingFlowTheme,
  /** Where the registration page sends an admin after the booking is created. */
  adminFormLink: z.string().nullable(),
  /** Where it sends a citizen (nextLink): e.g. /ny-booking/vielse for weddings. */
  publicFormLink: z.string().nullable(),
});
export type BookingFlow = z.infer<typeof bookingFlow>;
