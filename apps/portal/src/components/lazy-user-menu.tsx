import { lazy, Suspense } from 'react';

// The menu (Designsystemet's Dropdown and the popover behind it) is for logged-in users only: a
// citizen arriving from a link does not download it (decision 021).
const OnDemandUserMenu = lazy(() => import('./user-menu').then((m) => ({ default: m.UserMenu })));

/**
 * ./user-menu's UserMenu, loaded on demand. Until it is there, the name where its trigger will be, in
 * the trigger's look and size (nothing moves), but not yet a button: there is no menu to open.
 */
export function UserMenu({ name }: { name: string }) {
  return (
    <Suspense
      fallback={
        <span className="ds-button" data-variant="secondary">
          {name}
        </span>
      }
    >
      <OnDemandUserMenu name={name} />
    </Suspense>
  );
}
