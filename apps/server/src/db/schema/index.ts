// Every table of the application. One schema serves PGlite and PostgreSQL.
export * from './identity';
export * from './geography';
export * from './locations';
export * from './assets';
export * from './schedule';
export * from './bookings';
export * from './settings';
export * from './outbox';
export * from './case-numbers';
export * from './admin-decisions';
export * from './after-application';
export * from './wedding-forms';
export * from './jobs';
export * from './location-setup';
export * from './rate-limits';
export * from './free-slot-alerts';
export * from './calendar-feeds';
