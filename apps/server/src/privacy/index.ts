// The privacy area's public entry: what the app's wiring may use (see README.md).
export { myDataRoutes } from './my-data/routes';
export { registerRetention } from './retention/retention-job';
