// zod/mini: every page's first download parses this (the app shell's calls), and the mini API keeps
// the rest of zod out of it (decision 021; docs/architecture.md, "Code split by route").
import { z } from 'zod/mini';

/** The server settings the SPAs read; ENABLED means on, anything else (or null) off. */
export const settingNames = ['CONTACT_US', 'PORTAL_2_BETA'] as const;
export type SettingName = (typeof settingNames)[number];
export const SETTING_ENABLED = 'ENABLED';

/** GET /api/settings?setting=NAME. Names are upper-case words with underscores. */
export const settingQuery = z.object({
  setting: z.string().check(z.regex(/^[A-Z][A-Z0-9_]{0,63}$/, { message: 'Ugyldig navn på innstilling' })),
});

/**
 * The answer: the setting's value, or null when the server has no such setting (which the SPAs
 * read as off, like any value but ENABLED). An unknown name is not an error: a newer SPA may ask
 * an older server for a setting it does not have yet.
 */
export const settingResponse = z.object({ name: z.string(), value: z.nullable(z.string()) });
export type SettingResponse = z.infer<typeof settingResponse>;

export function isSettingEnabled(setting: SettingResponse | undefined): boolean {
  return setting?.value === SETTING_ENABLED;
}
