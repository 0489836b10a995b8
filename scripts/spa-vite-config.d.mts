import type { PluginOption, UserConfig } from 'vite';

/**
 * Both SPAs' Vite configuration. `app` prefixes the version (X-Frontend-Version), `appUrl` is the app's
 * folder (its package.json gives the version), `base` its URL path, `proxied` the paths the dev server
 * sends to the API server on port 3000, `react` the app's `@vitejs/plugin-react` plugin, `withEntry` the
 * modules the entry imports dynamically at once (preloaded with it, decision 050).
 */
export function spaViteConfig(options: {
  app: string;
  appUrl: URL;
  base: string;
  proxied: string[];
  react: PluginOption;
  withEntry?: string[];
}): UserConfig;
