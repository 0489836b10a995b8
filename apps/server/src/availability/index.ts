// The availability area's public entry: what other areas and the app's wiring may use (see README.md).
export { adminBlockedTimeRoutes } from './admin-blocked-times/routes';
export { availabilityRoutes } from './availability/routes';
export { calendarFeedRoutes } from './calendar-feeds/routes';
export { freeSlotAlertRoutes } from './free-slot-alerts/routes';
export { openDataRoutes } from './open-data/routes';
export { registerFreeSlotAlerts } from './free-slot-alerts/send-free-slot-alerts';
export { busyTimesSql, findRooms, groupBusyTimes, loadBusyTimes, loadRoomCalendars, roomOpeningHours } from './room-calendars/repository';
export type { BusyTimeRow, BusyTimes, CalendarRange, HoursRow, RoomRow, RoomWithCalendar } from './room-calendars/repository';
export { assertRoomsAccessible, calendarRange, displayNameOf, publicRulesOf, schedulingCallerFor } from './room-calendars/rooms-for-caller';
export type { RoomAccess } from './room-calendars/rooms-for-caller';
export { scheduleRoutes } from './schedule/routes';
export { registerBusyChangesPruning } from './search/prune-busy-changes';
export { searchRoutes } from './search/routes';
export { deletePersonFeed, findPersonFeed } from './calendar-feeds/personal-data-repository';
export { deleteAlertsOfPerson, listAlertsOfPerson } from './free-slot-alerts/personal-data-repository';
