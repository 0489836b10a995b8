/**
 * Spec 02 §2/§9: the fire-procedure block (brannvernrutiner) shown on the booking page for ten fixed
 * locations only, linking to the fire-procedure form with the school's property code, the date or
 * period and the rooms.
 *
 * PLACEHOLDERS: the spec does not give the city's ten location ids and property codes. These are ten
 * schools of the demo data (seed ids 2–5, 10–12, 16–18: Kampen … Lilleborg skole) with made-up codes;
 * replace both the ids and the codes with the city's list before production.
 */
export const fireProcedurePropertyCodes: Readonly<Record<number, string>> = {
  2: 'UDE-0201',
  3: 'UDE-0202',
  4: 'UDE-0203',
  5: 'UDE-0204',
  10: 'UDE-0301',
  11: 'UDE-0302',
  12: 'UDE-0303',
  16: 'UDE-0401',
  17: 'UDE-0402',
  18: 'UDE-0403',
};

/** The fire-procedure form (placeholder address, to be replaced with the city's form). */
export const FIRE_PROCEDURE_FORM_URL = 'https://www.oslo.kommune.no/skjema/brannvernrutiner-utleie';

export function fireProcedurePropertyCode(locationId: number): string | null {
  return fireProcedurePropertyCodes[locationId] ?? null;
}

/**
 * The form link for a booking at one of the ten locations, or null for any other location or a
 * booking without times. One date gives `dato`, several give the period `fra`/`til` (ISO dates);
 * each room once as `rom`, in the order given.
 */
export function fireProcedureFormHref(locationId: number, times: readonly { date: string; roomName: string }[]): string | null {
  const propertyCode = fireProcedurePropertyCode(locationId);
  if (propertyCode === null || times.length === 0) return null;
  const dates = [...new Set(times.map((t) => t.date))].sort();
  // Built by hand: the domain package has no DOM or Node library (no URLSearchParams).
  const params: [string, string][] = [['eiendom', propertyCode]];
  if (dates.length === 1) params.push(['dato', dates[0]!]);
  else params.push(['fra', dates[0]!], ['til', dates[dates.length - 1]!]);
  for (const room of new Set(times.map((t) => t.roomName))) params.push(['rom', room]);
  const query = params.map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('&');
  return `${FIRE_PROCEDURE_FORM_URL}?${query}`;
}
