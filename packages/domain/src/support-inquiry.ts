import { z } from 'zod';

/** Spec 01 §3 Support inquiry categories. */
export const supportCategories = ['LOCATION', 'BOOKING', 'TECHNICAL', 'OTHER'] as const;
export const supportCategory = z.enum(supportCategories);
export type SupportCategory = z.infer<typeof supportCategory>;
