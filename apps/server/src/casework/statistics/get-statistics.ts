import { toDayNumber } from '@lokaler/domain/scheduling/calendar-date';
import {
  statisticsAgeGroupKeys,
  statisticsAgeGroupLabels,
  statisticsFigure,
  organisationFormLabel,
  STATISTICS_ORGANISATION_FORM_UNKNOWN,
  STATISTICS_ORGANISATION_KEY_PREFIX,
  statisticsMessages,
  statisticsOrganisationTypeLabels,
  statisticsOrganisationTypes,
  statisticsPeriod,
  statisticsPurposeKeys,
  statisticsPurposeLabels,
  utilisationColumns,
  type StatisticsBreakdownRow,
  type StatisticsFigure,
  type StatisticsPeriod,
  type StatisticsReport,
} from '@lokaler/domain/statistics';
import type { AuthenticatedUser } from '../../auth/authenticated-user';
import { assertManagesLocation } from '../../auth/guards';
import type { Db } from '../../db/client';
import { writeTransaction } from '../../db/write-transaction';
import { AppError } from '../../errors';
import { computeOpenHours } from './open-hours';
import {
  findLocationName,
  loadBookedMinutes,
  loadBreakdowns,
  loadDemand,
  loadHandlingTimes,
  loadOpeningData,
  loadScopeRooms,
  turnOffJit,
  type BreakdownDimension,
} from './repository';

/** The statements a report runs, called through this object so a test can count them. */
export const statisticsStatements = { loadScopeRooms, loadOpeningData, loadBookedMinutes, loadBreakdowns, loadDemand, loadHandlingTimes };

export interface StatisticsOptions {
  db: Db;
  user: AuthenticatedUser;
  /** The query string as it came: checked after the access check, so a stranger learns nothing from a 400. */
  query: { locationId?: string | undefined; from?: string | undefined; to?: string | undefined };
}

function validation(fields: { path: string; message: string }[]): AppError {
  return new AppError('VALIDATION', `Invalid query: ${fields.map((f) => `${f.path} ${f.message}`).join('; ')}`, fields[0]!.message, {
    fields,
  });
}

/**
 * Who may see which figures (decision 068): with ?locationId the location's administrators and the
 * city-wide administrators (403 for anyone else); without it, the whole city, city-wide administrators
 * only (403 otherwise). Answers the location's id, null for the city.
 */
export function authorizeStatistics(user: AuthenticatedUser, query: StatisticsOptions['query']): number | null {
  if (query.locationId === undefined || query.locationId === '') {
    if (user.portal !== 'ADMIN' || !user.cityAdmin) throw AppError.forbidden('City-wide statistics are for city-wide administrators');
    return null;
  }
  const locationId = /^[1-9]\d{0,9}$/.test(query.locationId) ? Number(query.locationId) : NaN;
  if (!Number.isSafeInteger(locationId) || locationId > 2_147_483_647) {
    // Only a city-wide administrator learns that the id is malformed; anyone else is refused as for another location.
    if (user.portal !== 'ADMIN' || !user.cityAdmin) throw AppError.forbidden('Not an administrator of that location');
    throw validation([{ path: 'querystring.locationId', message: statisticsMessages.invalidLocation }]);
  }
  assertManagesLocation(user, locationId);
  return locationId;
}

/**
 * The query, after the access check: the period (and for a CSV file the figure's name), 400 with a
 * Norwegian message for each field that is missing, malformed, inverted or too long, all at once.
 */
export function checkStatisticsQuery(
  user: AuthenticatedUser,
  query: StatisticsOptions['query'] & { figure?: string | undefined },
): { locationId: number | null; period: StatisticsPeriod; figure: StatisticsFigure | null } {
  const locationId = authorizeStatistics(user, query);
  const fields: { path: string; message: string }[] = [];
  const parsed = statisticsPeriod.safeParse({ from: query.from, to: query.to });
  if (!parsed.success)
    fields.push(...parsed.error.issues.map((i) => ({ path: ['querystring', ...i.path.map(String)].join('.'), message: i.message })));
  const figure = 'figure' in query ? statisticsFigure.safeParse(query.figure) : null;
  if (figure && !figure.success) fields.push({ path: 'querystring.figure', message: statisticsMessages.invalidFigure });
  if (fields.length > 0 || !parsed.success) throw validation(fields);
  return { locationId, period: parsed.data, figure: figure?.data ?? null };
}

/**
 * GET /api/statistics: the figures of a location or of the city over a period (decision 068). Seven
 * statements in one transaction (one snapshot), each an aggregate; the open hours are counted per
 * room and date in open-hours.ts.
 */
export async function getStatistics({ db, user, query }: StatisticsOptions): Promise<StatisticsReport> {
  const { locationId, period } = checkStatisticsQuery(user, query);
  return statisticsOf(db, locationId, period);
}

/**
 * The figures of an authorised scope and a checked period. With a figure (a CSV file), only the statements
 * that figure needs run and the report's other figures are left empty; without one, each statement runs once.
 */
export async function statisticsOf(
  db: Db,
  locationId: number | null,
  period: StatisticsPeriod,
  figure: StatisticsFigure | null = null,
): Promise<StatisticsReport> {
  const wants = (...figures: StatisticsFigure[]) => figure === null || figures.includes(figure);
  const unit = locationId === null ? 'LOCATION_MONTH' : 'ROOM_WEEK';
  const columns = utilisationColumns(period, unit);
  const columnIndex = new Map(columns.map((c, i) => [c.key, i]));
  const first = toDayNumber(period.from);
  // The column of each date of the period, by day number.
  const columnOfDay: number[] = [];
  for (const [i, c] of columns.entries()) for (let d = toDayNumber(c.from); d <= toDayNumber(c.to); d++) columnOfDay[d - first] = i;

  return writeTransaction(db, async (tx) => {
    const locationName = locationId === null ? null : await findLocationName(tx, locationId);
    if (locationName === undefined) throw AppError.notFound(`Location ${locationId}`);
    await turnOffJit(tx);
    // The open hours are the utilisation's denominator and the demand's capacity.
    const needsOpenHours = wants('utilisation', 'demand');
    const run = statisticsStatements;
    const rooms = needsOpenHours ? await run.loadScopeRooms(tx, locationId) : [];
    const opening = needsOpenHours ? await run.loadOpeningData(tx, locationId, period) : { hours: [], periods: [], closed: [] };
    const booked = wants('utilisation') ? await run.loadBookedMinutes(tx, locationId, period) : [];
    const breakdowns = wants('purpose', 'age-group', 'organisation-type') ? await run.loadBreakdowns(tx, locationId, period) : [];
    const demand = wants('demand') ? await run.loadDemand(tx, locationId, period) : [];
    const handling = wants('handling-times') ? await run.loadHandlingTimes(tx, locationId, period) : [];

    const open = computeOpenHours(rooms, opening, period, (date) => columnOfDay[toDayNumber(date) - first]!, columns.length);

    // Rows: the rooms of the location, or the city's locations (their rooms' open minutes added up).
    const rows = new Map<number, { id: number; name: string; bookedMinutes: number[]; openMinutes: number[] }>();
    const rowOf = (id: number, name: string) => {
      let row = rows.get(id);
      if (!row) rows.set(id, (row = { id, name, bookedMinutes: columns.map(() => 0), openMinutes: columns.map(() => 0) }));
      return row;
    };
    const rowOfRoom = new Map<number, ReturnType<typeof rowOf>>();
    for (const room of rooms) {
      const row = locationId === null ? rowOf(room.locationId, room.locationName) : rowOf(room.id, room.name);
      rowOfRoom.set(room.id, row);
      open.byRoom.get(room.id)!.forEach((minutes, i) => (row.openMinutes[i]! += minutes));
    }
    for (const b of booked) {
      const row = rowOfRoom.get(b.room);
      const i = columnIndex.get(b.column);
      if (row && i !== undefined) row.bookedMinutes[i]! += b.minutes;
    }

    const breakdown = <K extends string>(
      dimension: BreakdownDimension,
      keys: readonly K[],
      labels: Record<K, string>,
    ): StatisticsBreakdownRow[] =>
      keys.map((key) => {
        const found = breakdowns.find((b) => b.dimension === dimension && b.key === key);
        return { key, label: labels[key], minutes: found?.minutes ?? 0, bookings: found?.bookings ?? 0 };
      });
    const demandOf = new Map(demand.map((d) => [(d.weekday - 1) * 24 + d.hour, d.minutes]));
    const round = (hours: number | null) => (hours === null ? null : Math.round(hours * 10) / 10);
    const months = handling.filter((h) => h.month !== null);
    const total = handling.find((h) => h.month === null);

    return {
      scope: locationId === null ? 'CITY' : 'LOCATION',
      locationId,
      locationName,
      from: period.from,
      to: period.to,
      utilisation: { unit, columns, rows: [...rows.values()] },
      purposes: breakdown('purpose', statisticsPurposeKeys, statisticsPurposeLabels),
      ageGroups: breakdown('age', statisticsAgeGroupKeys, statisticsAgeGroupLabels),
      organisationTypes: [
        ...organisationRows(breakdowns),
        ...breakdown('kind', statisticsOrganisationTypes, statisticsOrganisationTypeLabels),
      ],
      demand: open.byWeekdayHour.map((openMinutes, i) => ({
        weekday: Math.floor(i / 24) + 1,
        hour: i % 24,
        appliedMinutes: demandOf.get(i) ?? 0,
        openMinutes,
      })),
      handlingTimes: {
        months: months.map((m) => ({ month: m.month!, decided: m.decided, medianHours: round(m.median), p90Hours: round(m.p90) })),
        total: {
          month: 'ALL',
          decided: total?.decided ?? 0,
          medianHours: round(total?.median ?? null),
          p90Hours: round(total?.p90 ?? null),
        },
      },
    };
  });
}

/**
 * The organisations' rows of the breakdown by kind of applicant, one per form that occurs (decision 068):
 * most hours first, the unknown form last.
 */
function organisationRows(breakdowns: Awaited<ReturnType<typeof loadBreakdowns>>): StatisticsBreakdownRow[] {
  const unknownKey = STATISTICS_ORGANISATION_KEY_PREFIX + STATISTICS_ORGANISATION_FORM_UNKNOWN;
  return breakdowns
    .filter((b) => b.dimension === 'kind' && b.key.startsWith(STATISTICS_ORGANISATION_KEY_PREFIX))
    .sort((a, b) => Number(a.key === unknownKey) - Number(b.key === unknownKey) || b.minutes - a.minutes || a.key.localeCompare(b.key))
    .map((b) => ({
      key: b.key,
      label: organisationFormLabel(b.key.slice(STATISTICS_ORGANISATION_KEY_PREFIX.length)),
      minutes: b.minutes,
      bookings: b.bookings,
    }));
}
