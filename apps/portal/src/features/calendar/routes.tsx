import { Navigate, useParams, type RouteObject } from 'react-router';
import { paths } from '../../config/paths';
import { RoomPage } from './room-page';

/** /asset/:assetId (deprecated) → /ressurs?ressurs={assetId}. */
function AssetRedirect() {
  const { assetId = '' } = useParams();
  return <Navigate to={paths.asset.getHref([assetId])} replace />;
}

export const calendarRoutes: RouteObject[] = [
  { path: paths.asset.path, element: <RoomPage /> },
  { path: paths.deprecatedAsset.path, element: <AssetRedirect /> },
];
