import { z } from 'zod';
import { jsonId } from './id-param';
import { isoDate } from './scheduling/api-primitives';
import { isValidDate } from './scheduling/calendar-date';

/**
 * Semester rounds for schools (decision 029). A round collects the semester applications
 * (SEMESTERLOAN) to its locations from the application period's start until the deadline; they are
 * not decided one by one. Each application's wished times are kept per room and weekday as "wishes";
 * the administrators allocate each wish (the asked time, another time or room, fewer hours, or
 * none), and closing the round turns every allocation into the application's decision at once.
 *
 * Paths (admin, under /api): GET/POST /admin/rounds, GET /admin/rounds/{id},
 * GET /admin/rounds/{id}/conflicts?roomId=, PUT /admin/rounds/{id}/allocations,
 * POST /admin/rounds/{id}/suggestion, POST /admin/rounds/{id}/close.
 * Public: GET /location/{id}/round (the open round a semester application to the location enters).
 */

/** OPEN: collecting, then allocating; CLOSING: the decisions are being written (a re-run finishes them); CLOSED. */
export const roundStatuses = ['OPEN', 'CLOSING', 'CLOSED'] as const;
export const roundStatus = z.enum(roundStatuses);
export type RoundStatus = z.infer<typeof roundStatus>;

/** What the round is doing today, for display: derived from the status and the dates. */
export const roundPhases = ['NOT_STARTED', 'COLLECTING', 'ALLOCATING', 'CLOSING', 'CLOSED'] as const;
export type RoundPhase = (typeof roundPhases)[number];
export const roundPhaseLabels: Record<RoundPhase, string> = {
  NOT_STARTED: 'Ikke åpnet ennå',
  COLLECTING: 'Tar imot søknader',
  ALLOCATING: 'Fordeling',
  CLOSING: 'Lukkes',
  CLOSED: 'Lukket',
};

export function roundPhase(round: { status: RoundStatus; applicationStart: string; deadline: string }, today: string): RoundPhase {
  if (round.status === 'CLOSED') return 'CLOSED';
  if (round.status === 'CLOSING') return 'CLOSING';
  if (today < round.applicationStart) return 'NOT_STARTED';
  return today <= round.deadline ? 'COLLECTING' : 'ALLOCATING';
}

/**
 * The allocation of one wish. UNDECIDED until someone (or the suggestion) decides; ASKED: the asked
 * time; OTHER: another time, room or fewer hours (the allocated fields say which); NONE: not granted.
 */
export const wishDecisions = ['UNDECIDED', 'ASKED', 'OTHER', 'NONE'] as const;
export const wishDecision = z.enum(wishDecisions);
export type WishDecision = z.infer<typeof wishDecision>;
export const wishDecisionLabels: Record<WishDecision, string> = {
  UNDECIDED: 'Ikke fordelt',
  ASKED: 'Tildelt som søkt',
  OTHER: 'Tildelt annen tid',
  NONE: 'Ikke tildelt',
};

/** The applicant's age group (the semester form asks it; the fair rule's priority group reads it). */
export const ageGroups = ['CHILDREN', 'YOUTH', 'ADULTS', 'ALL'] as const;
export const ageGroup = z.enum(ageGroups);
export type AgeGroup = z.infer<typeof ageGroup>;
export const ageGroupLabels: Record<AgeGroup, string> = {
  CHILDREN: 'Barn (under 13 år)',
  YOUTH: 'Ungdom (13–19 år)',
  ADULTS: 'Voksne',
  ALL: 'Alle aldre',
};

/** ISO weekday, 1 = Monday … 7 = Sunday. */
export const weekdayNumber = z.number().int().min(1).max(7);
export const weekdayNames = ['mandag', 'tirsdag', 'onsdag', 'torsdag', 'fredag', 'lørdag', 'søndag'] as const;
/** 'tirsdag' for 2. */
export const weekdayName = (weekday: number): string => weekdayNames[weekday - 1] ?? '';

/** HH:mm on the quarter-hour grid, 00:00–24:00 (the wishes' and allocations' times). */
export const quarterTime = z
  .string()
  .regex(/^([01]\d|2[0-3]):(00|15|30|45)$|^24:00$/, { message: 'Bruk et klokkeslett på kvarteret, for eksempel 17:30' });
export const minutesOfQuarterTime = (value: string): number => Number(value.slice(0, 2)) * 60 + Number(value.slice(3, 5));
export const quarterTimeOfMinutes = (minutes: number): string =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

// ——— Rounds ———

export const MAX_ROUND_LOCATIONS = 500;

type RoundDates = { applicationStart: string; deadline: string; semesterStart: string; semesterEnd: string };

/** The dates' own rules, for creating and changing a round (the same messages in the form and in userMsg). */
function checkRoundDates(b: RoundDates, ctx: z.RefinementCtx): void {
  if (![b.applicationStart, b.deadline, b.semesterStart, b.semesterEnd].every(isValidDate)) return;
  if (b.deadline < b.applicationStart)
    ctx.addIssue({ code: 'custom', path: ['deadline'], message: 'Søknadsfristen kan ikke være før søknadsperioden starter' });
  if (b.deadline >= b.semesterStart)
    ctx.addIssue({ code: 'custom', path: ['deadline'], message: 'Søknadsfristen må være før semesteret starter' });
  if (b.semesterEnd < b.semesterStart)
    ctx.addIssue({ code: 'custom', path: ['semesterEnd'], message: 'Semesteret kan ikke slutte før det starter' });
  else if (b.semesterEnd > addYearIso(b.semesterStart))
    ctx.addIssue({ code: 'custom', path: ['semesterEnd'], message: 'Et semester kan vare høyst ett år' });
}

const roundName = z.string().trim().min(1, { message: 'Gi runden et navn' }).max(120, { message: 'Navnet kan være høyst 120 tegn' });

/** Allowed values of a round's own limits per applicant (decision 041). */
export const roundLimitBounds = {
  maxApplicationsPerApplicant: { min: 1, max: 100 },
  maxWeeklyHoursPerApplicant: { min: 1, max: 168 },
} as const;

/** The round form's labels (Norwegian). */
export const roundLimitLabels = {
  maxApplicationsPerApplicant: 'Maks søknader per søker i runden',
  maxWeeklyHoursPerApplicant: 'Maks timer per uke per søker i runden',
} as const;

const wholeNumberIn = (bounds: { min: number; max: number }) =>
  z
    .number({ message: 'Skriv et helt tall' })
    .int({ message: 'Skriv et helt tall' })
    .min(bounds.min, { message: `Skriv et tall fra ${bounds.min} til ${bounds.max}` })
    .max(bounds.max, { message: `Skriv et tall fra ${bounds.min} til ${bounds.max}` });

/**
 * A round's own fair-share limits per applicant (decision 041): applications, and wished hours a week.
 * Left out when a round is made: the defaults. A change applies to the applications that come after it;
 * those already in the round stay.
 */
const roundLimits = {
  maxApplicationsPerApplicant: wholeNumberIn(roundLimitBounds.maxApplicationsPerApplicant),
  maxWeeklyHoursPerApplicant: wholeNumberIn(roundLimitBounds.maxWeeklyHoursPerApplicant),
};

/** POST /api/admin/rounds. The messages are the form's own (the server says the same in userMsg). */
export const createRoundBody = z
  .object({
    name: roundName,
    applicationStart: isoDate,
    deadline: isoDate,
    semesterStart: isoDate,
    semesterEnd: isoDate,
    locationIds: z.array(jsonId).min(1, { message: 'Velg minst ett sted' }).max(MAX_ROUND_LOCATIONS),
    // Left out: the table's defaults (fair-share's defaultRoundApplicantLimits; not imported here, it would
    // bring the fair-share rules into the portal's location page).
    maxApplicationsPerApplicant: roundLimits.maxApplicationsPerApplicant.optional(),
    maxWeeklyHoursPerApplicant: roundLimits.maxWeeklyHoursPerApplicant.optional(),
  })
  .superRefine((b, ctx) => {
    checkRoundDates(b, ctx);
    if (new Set(b.locationIds).size !== b.locationIds.length)
      ctx.addIssue({ code: 'custom', path: ['locationIds'], message: 'Et sted er valgt to ganger' });
  });
export type CreateRoundBody = z.output<typeof createRoundBody>;

/**
 * PATCH /api/admin/rounds/{id}: the name, dates and limits of an OPEN round (its locations stay). The
 * deadline may move, also to an earlier day (the application period then ends sooner: what was
 * collected stays in the round); the semester's dates only while no application is in the round. A
 * limit left out stays as it is.
 */
export const updateRoundBody = z
  .object({
    name: roundName,
    applicationStart: isoDate,
    deadline: isoDate,
    semesterStart: isoDate,
    semesterEnd: isoDate,
    maxApplicationsPerApplicant: roundLimits.maxApplicationsPerApplicant.optional(),
    maxWeeklyHoursPerApplicant: roundLimits.maxWeeklyHoursPerApplicant.optional(),
  })
  .superRefine(checkRoundDates);
export type UpdateRoundBody = z.infer<typeof updateRoundBody>;

function addYearIso(date: string): string {
  return `${Number(date.slice(0, 4)) + 1}${date.slice(4)}`;
}

export const roundLocation = z.object({ id: z.number(), name: z.string() });

export const roundSummary = z.object({
  id: z.number(),
  name: z.string(),
  applicationStart: z.string(),
  deadline: z.string(),
  semesterStart: z.string(),
  semesterEnd: z.string(),
  status: roundStatus,
  phase: z.enum(roundPhases),
  locations: z.array(roundLocation),
  /** The round's own limits per applicant (decision 041). */
  maxApplicationsPerApplicant: z.number(),
  maxWeeklyHoursPerApplicant: z.number(),
  /** Applications in the round (cancelled ones not counted). */
  applicationCount: z.number(),
  /** Wishes not yet allocated. */
  undecidedCount: z.number(),
  /** Applications already answered (while CLOSING: how far it has come). */
  decidedCount: z.number(),
  /** May the caller close it (administers every location of the round, or city-wide). */
  canClose: z.boolean(),
});
export type RoundSummary = z.infer<typeof roundSummary>;
export const roundList = z.object({ rounds: z.array(roundSummary) });
export type RoundList = z.infer<typeof roundList>;

/** One room of the round's locations the caller may allocate, with how contested it is. */
export const roundRoom = z.object({
  id: z.number(),
  name: z.string(),
  locationId: z.number(),
  locationName: z.string(),
  wishCount: z.number(),
  /** Wishes that overlap another wish of the same room and weekday. */
  clashCount: z.number(),
  undecidedCount: z.number(),
});
export const roundDetail = roundSummary.extend({ rooms: z.array(roundRoom) });
export type RoundDetail = z.infer<typeof roundDetail>;

// ——— The conflict view ———

export const allocatedTime = z.object({ roomId: z.number(), weekday: weekdayNumber, startTime: quarterTime, endTime: quarterTime });
export type AllocatedTime = z.infer<typeof allocatedTime>;

export const roundWish = z.object({
  id: z.number(),
  /** Optimistic locking: send it back with a change; a change by someone else meanwhile is a 409. */
  version: z.number(),
  bookingId: z.number(),
  caseNumber: z.string(),
  /** The organisation, or the private applicant's name. */
  applicantName: z.string(),
  organizationNumber: z.string().nullable(),
  activity: z.string().nullable(),
  participants: z.number().nullable(),
  ageGroup: ageGroup.nullable(),
  /** Hours the applicant was granted at the round's locations in the year before the semester. */
  earlierUseHours: z.number(),
  appliedAt: z.string(),
  roomId: z.number(),
  weekday: weekdayNumber,
  startTime: quarterTime,
  endTime: quarterTime,
  /** How many dates the wish covers over the semester. */
  dateCount: z.number(),
  decision: wishDecision,
  /** Set for ASKED and OTHER. */
  allocated: allocatedTime.nullable(),
  /** Why not (NONE) or why changed (OTHER), shown to the applicant. */
  reason: z.string().nullable(),
  /** Ids of the other wishes of this room and weekday that overlap this one's asked time. */
  clashesWith: z.array(z.number()),
  updatedBy: z.string().nullable(),
  updatedAt: z.string().nullable(),
});
export type RoundWish = z.infer<typeof roundWish>;

/** Times of the room already taken by bookings outside the round, folded per weekday over the semester. */
export const roundBusyTime = z.object({
  weekday: weekdayNumber,
  startTime: quarterTime,
  endTime: quarterTime,
  /** On how many of the semester's dates. */
  dateCount: z.number(),
  label: z.string(),
});
export type RoundBusyTime = z.infer<typeof roundBusyTime>;

export const conflictsQuery = z.object({ roomId: z.coerce.number().int().positive() });

export const roundConflicts = z.object({
  roundId: z.number(),
  room: roundRoom,
  /** The room's opening hours per weekday (empty: closed that day), to draw the grid and bound the choices. */
  openingHours: z.array(z.object({ weekday: weekdayNumber, startTime: quarterTime, endTime: quarterTime })),
  /** Every wish that asks for this room, and every wish of other rooms allocated to it. */
  wishes: z.array(roundWish),
  busy: z.array(roundBusyTime),
  /** Rooms an allocation may move to (the round's rooms the caller manages). */
  rooms: z.array(z.object({ id: z.number(), name: z.string(), locationName: z.string() })),
});
export type RoundConflicts = z.infer<typeof roundConflicts>;

// ——— Allocation ———

export const MAX_ALLOCATIONS_PER_REQUEST = 500;

export const allocationChange = z
  .object({
    wishId: jsonId,
    version: z.number().int().min(0),
    decision: wishDecision,
    /** Required for OTHER; ignored otherwise (ASKED takes the asked time). */
    allocated: allocatedTime.extend({ roomId: jsonId }).nullable().optional(),
    reason: z.string().trim().max(500, { message: 'Begrunnelsen kan være høyst 500 tegn' }).nullable().optional(),
  })
  .superRefine((c, ctx) => {
    if (c.decision === 'OTHER' && !c.allocated)
      ctx.addIssue({ code: 'custom', path: ['allocated'], message: 'Velg rom og tid for tildelingen' });
    if (c.allocated && minutesOfQuarterTime(c.allocated.endTime) <= minutesOfQuarterTime(c.allocated.startTime)) {
      ctx.addIssue({ code: 'custom', path: ['allocated', 'endTime'], message: 'Sluttid må være etter starttid' });
    }
  });
export type AllocationChange = z.infer<typeof allocationChange>;

export const putAllocationsBody = z
  .object({ changes: z.array(allocationChange).min(1).max(MAX_ALLOCATIONS_PER_REQUEST) })
  .superRefine((b, ctx) => {
    if (new Set(b.changes.map((c) => c.wishId)).size !== b.changes.length)
      ctx.addIssue({ code: 'custom', path: ['changes'], message: 'Et ønske er med to ganger' });
  });
export type PutAllocationsBody = z.infer<typeof putAllocationsBody>;

/** The changed wishes as they are now. */
export const putAllocationsResponse = z.object({ wishes: z.array(roundWish) });
export type PutAllocationsResponse = z.infer<typeof putAllocationsResponse>;

/** Stable codes of the round's 409s (the userMsg says it in Norwegian). */
export const roundErrorCodes = {
  /** Someone else changed the wish since it was read: reload and decide again. */
  stale: 'ROUND_ALLOCATION_STALE',
  /** The time is allocated to another wish of the round (or busy outside it). */
  taken: 'ROUND_TIME_ALREADY_ALLOCATED',
  /** Another round of the same location overlaps the semester. */
  overlapping: 'ROUND_OVERLAPS',
  /** The round is closed or closing: allocations no longer change. */
  closed: 'ROUND_CLOSED',
  /** Closing before the deadline, or with undecided wishes. */
  notReady: 'ROUND_NOT_READY',
  /** The application is in an open round: it is decided when the round closes. */
  inRound: 'BOOKING_IN_ROUND',
} as const;

export const suggestionResponse = z.object({
  /** Wishes the suggestion decided (only undecided ones are touched). */
  decided: z.number(),
  asked: z.number(),
  other: z.number(),
  none: z.number(),
  elapsedMs: z.number(),
});
export type SuggestionResponse = z.infer<typeof suggestionResponse>;

export const closeRoundResponse = z.object({ status: roundStatus, approved: z.number(), partlyApproved: z.number(), rejected: z.number() });
export type CloseRoundResponse = z.infer<typeof closeRoundResponse>;

// ——— Public ———

/** The round a semester application to the location enters today, if any (GET /api/location/{id}/round). */
export const openRoundOfLocation = z.object({
  round: z.object({ name: z.string(), deadline: z.string(), semesterStart: z.string(), semesterEnd: z.string() }).nullable(),
});
export type OpenRoundOfLocation = z.infer<typeof openRoundOfLocation>;

/** On the applicant's booking: the round it is in, while it is collected (null otherwise). */
export const bookingRoundInfo = z
  .object({
    name: z.string(),
    deadline: z.string(),
    /** Still collected (the round is not closed): the application is received, not decided. */
    collected: z.boolean(),
  })
  .nullable();
export type BookingRoundInfo = z.infer<typeof bookingRoundInfo>;

/** 'Søknadsfrist 01.06.2027' from an ISO date (the spec's exact text). */
export function deadlineText(deadline: string): string {
  return `Søknadsfrist ${deadline.slice(8, 10)}.${deadline.slice(5, 7)}.${deadline.slice(0, 4)}`;
}
