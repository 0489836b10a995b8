/**
 * A time on a date as the API and the rules carry it (spec 01 §3 datesAndTimes): date 'YYYY-MM-DD',
 * startTime 'HH:mm:ss' Europe/Oslo wall clock, duration as an ISO duration or a number of hours.
 */
export interface DateAndTime<D = string | number> {
  date: string;
  startTime: string;
  duration: D;
}
