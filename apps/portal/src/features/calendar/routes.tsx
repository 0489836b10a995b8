import { Navigate, useParams, type RouteObject } from 'react-router';
import { paths } from '../../config/paths';

/** /asset/:assetId (deprecated) → /ressurs?ressurs={assetId}. */
function AssetRedirect() {
  const { assetId = '' } = useParams();
  return <Navigate to={paths.asset.getHref([assetId])} replace />;
}

export const calendarRoutes: RouteObject[] = [
  { path: paths.asset.path, lazy: () => import('./room-page').then((m) => ({ Component: m.RoomPage })) },
  { path: paths.deprecatedAsset.path, element: <AssetRedirect /> },
];
