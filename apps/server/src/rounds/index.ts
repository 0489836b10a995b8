// The rounds area's public entry: what other areas and the app's wiring may use (see README.md).
export { assertNotInOpenRound, roundDecisionGuard } from './application-rounds/booking-hook';
export { roundToEnter, wishesOf } from './application-rounds/enter-round';
export { assertWithinRoundLimits } from './application-rounds/applicant-limits';
export { findRoundOfBooking, findRoundsOfBookings, insertWishes } from './application-rounds/repository';
export { assertClosesRound, assertRoundOpen, assertSeesRound, loadRound } from './application-rounds/round-access';
export type { RoundRow, RoundWithLocations } from './application-rounds/round-access';
export { applicationRoundRoutes } from './application-rounds/routes';
