import { pgTable, text } from 'drizzle-orm/pg-core';

/** Oslo's districts (bydeler) plus Sentrum; text ids such as 'gamle-oslo'. The id 'unknown' is never listed. */
export const geographicAreas = pgTable('geographic_areas', { id: text('id').primaryKey(), name: text('name').notNull() });
