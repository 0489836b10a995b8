import { StrictMode, startTransition } from 'react';
import type { Root } from 'react-dom/client';
import { configureApiClient } from '@lokaler/api-client/api-fetch';
import { installGlobalErrorReporting } from '@lokaler/api-client/frontend-error-log';
import { setAppName } from '@lokaler/ui/page-title';
import { env } from '../config/env';
import { App } from './app';

/**
 * The app's start once its modules are in (main.tsx imports this after React's and zod's, decision 050):
 * the API client, error reporting and the title's app name, then the first render.
 */
export function startApp(root: Root) {
  configureApiClient({ frontendVersion: env.VERSION });
  installGlobalErrorReporting();
  setAppName('Oslo kommune');
  // In a transition, the first render yields to the browser every few milliseconds instead of being one
  // long task (decision 028); the starting shell stays on screen until it commits.
  startTransition(() => {
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
}
