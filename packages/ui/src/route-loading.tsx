import { useEffect, useState } from 'react';
import { Spinner } from '@digdir/designsystemet-react';
import { useNavigation } from 'react-router';
import { LOADER_DELAY_MS, Loading } from './loading';

/**
 * Where a page goes while its code loads on the first page opened (the route's `hydrateFallbackElement`).
 * It holds a screen's height, so the footer is already below the fold and does not jump when the
 * page arrives.
 */
export function RouteLoading() {
  return (
    <div className="lk-route-loading">
      <Loading label="Laster siden" />
    </div>
  );
}

/**
 * While a link's page loads its code (or anything a navigation waits for), the page being left stays
 * and a spinner shows in a fixed corner after the loaders' usual 200 ms: nothing moves.
 */
export function NavigationProgress() {
  const navigation = useNavigation();
  if (navigation.state !== 'loading') return null;
  return <DelayedNavigationSpinner key={navigation.location.key} />;
}

function DelayedNavigationSpinner() {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setVisible(true), LOADER_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  return (
    <div className="lk-navigation-progress" role="status">
      {visible && <Spinner aria-label="Laster siden" data-size="sm" />}
    </div>
  );
}
