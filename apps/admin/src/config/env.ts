import { readAppEnv } from '@lokaler/api-client/app-env';

/** This app's build-time settings (VITE_APP_*), validated once at start-up. */
export const env = readAppEnv(import.meta.env as Record<string, unknown>);
