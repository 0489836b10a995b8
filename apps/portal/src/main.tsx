import '@lokaler/api-client/zod-without-eval';
import '@lokaler/ui/styles.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { configureApiClient } from '@lokaler/api-client/api-fetch';
import { todayInOslo } from '@lokaler/domain/scheduling/oslo-clock';
import { installGlobalErrorReporting } from '@lokaler/api-client/frontend-error-log';
import { loadDesignSystemBehaviourAfterLoad } from '@lokaler/ui/design-system-behaviour';
import { setAppName } from '@lokaler/ui/page-title';
import { reloadWhenCodeIsStale } from '@lokaler/ui/reload-when-code-is-stale';
import { App } from './app/app';
import { env } from './config/env';

configureApiClient({ frontendVersion: env.VERSION });
installGlobalErrorReporting();
reloadWhenCodeIsStale();
setAppName('Oslo kommune');

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// The first time-zone formatter loads the platform's zone data (≈ 50 ms at Lighthouse's 4× CPU): made in
// a task of its own, before the route's code and data arrive, instead of inside the search form's render.
setTimeout(() => todayInOslo(new Date()), 0);

// In a transition, the first render yields to the browser every few milliseconds instead of being one
// long task (decision 028); the starting shell stays on screen until it commits.
startTransition(() => {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
loadDesignSystemBehaviourAfterLoad();
