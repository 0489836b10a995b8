import { Link as RouterLink } from 'react-router';

/** The Oslo / Lokaler brand at the start of the header; links to the app's main page. */
export function Brand({ appName, subtitle }: { appName: string; subtitle?: string }) {
  return (
    <RouterLink to="/" className="lk-brand">
      <span className="lk-brand__oslo">Oslo kommune</span>
      <span className="lk-brand__app">
        {appName}
        {subtitle && <span className="lk-brand__subtitle"> {subtitle}</span>}
      </span>
    </RouterLink>
  );
}
