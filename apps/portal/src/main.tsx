import '@lokaler/ui/styles.css';
import { createRoot } from 'react-dom/client';
import { loadDesignSystemBehaviourAfterLoad } from '@lokaler/ui/design-system-behaviour';
import { reloadWhenCodeIsStale } from '@lokaler/ui/reload-when-code-is-stale';

reloadWhenCodeIsStale();

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html has no #root element');
// React replaces the starting shell at the first render (decision 026), not here.
const root = createRoot(rootElement);

// Decision 050, third step: the modules are evaluated in three tasks instead of one long one — React's
// (this module's imports), zod's (the API client's schemas need it; jitless is set before any schema is
// built), then the app's. index.html preloads all of them with the entry (`withEntry` in vite.config.ts).
void import('@lokaler/api-client/zod-without-eval').then(() => import('./app/start-app')).then(({ startApp }) => startApp(root));
loadDesignSystemBehaviourAfterLoad();
