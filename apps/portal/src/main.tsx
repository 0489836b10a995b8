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
import { App, createAppRouter } from './app/app';
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

// The router is made in a task of its own, after this module's evaluation (decision 050, "Second step"):
// a transition cannot split its making. The first render then runs in a transition, which yields to the
// browser every few milliseconds instead of being one long task (decision 028); the starting shell stays
// on screen until it commits.
setTimeout(() => {
  const router = createAppRouter();
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <App router={router} />
      </StrictMode>,
    );
  });
}, 0);
loadDesignSystemBehaviourAfterLoad();
