import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router';

// The switches (Designsystemet's Switch and the field behaviour behind it) load only when asked for.
const FeatureSwitchCard = lazy(() => import('./feature-switch-card').then((m) => ({ default: m.FeatureSwitchCard })));

/** The hidden panel of spec 01 §1: shown only when the URL query contains featureSwitches. */
export function FeatureSwitchPanel() {
  const [searchParams] = useSearchParams();
  if (!searchParams.has('featureSwitches')) return null;
  return (
    <Suspense fallback={null}>
      <FeatureSwitchCard />
    </Suspense>
  );
}
