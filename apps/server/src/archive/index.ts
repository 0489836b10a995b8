// The archive area's public entry: what the app's wiring may use (see README.md).
export { archiveHook } from './archive-outbox/archive-hook';
export { registerArchive, DELIVER_ARCHIVE_JOB } from './archive-outbox/register-archive';
export { archiveMessageRoutes } from './archive-outbox/routes';
