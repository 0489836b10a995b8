import { testCitizens } from './test-users';
import type { BookingPlan, PlannedReservation } from './booking-plan';
import { addDays, onOrAfter } from './dates';
import { demoOrganizations } from './people';
import { createdEntry, daysAgo, locationId, roomAt, type PlanContext } from './plan-context';

/** The demo's semester round (decision 029): its dates and the applications collected in it. */
export interface DemoRound {
  name: string;
  locationId: number;
  applicationStart: string;
  deadline: string;
  semesterStart: string;
  semesterEnd: string;
  applications: BookingPlan[];
}

const SEMESTER_WEEKS = 16;

/**
 * A round for Grünerløkka skole (Siri administers it) whose deadline passed two days ago: four clubs
 * asked for the gym on Tuesday evenings over a semester that starts about five weeks ahead, three of
 * them for overlapping hours, so the administrator finds the clash in the conflict view and can
 * allocate and close. Its dates are IN_ROUND: they hold no time (the occupancy is not taken), and a
 * closed date of the school is left out as the application form would.
 */
export function planDemoRound(ctx: PlanContext): DemoRound {
  const t = ctx.today;
  const school = locationId(ctx, 'Grünerløkka skole');
  const gym = roomAt(ctx, 'Grünerløkka skole', 'Gymsal');
  const semesterStart = onOrAfter(addDays(t, 35), 1);
  const semesterEnd = addDays(semesterStart, SEMESTER_WEEKS * 7 - 3);
  const firstTuesday = addDays(semesterStart, 1);
  const tuesdays = (startTime: string, durationMinutes: number): PlannedReservation[] =>
    Array.from({ length: SEMESTER_WEEKS }, (_, i) => addDays(firstTuesday, 7 * i))
      .filter((date) => !ctx.closed.has(`${school}|${date}`))
      .map((date) => ({ room: gym, date, startTime, durationMinutes, status: 'IN_ROUND' as const, initialRepetitionDate: firstTuesday }));
  const [kari, ola, amina, per] = testCitizens.map((c) => ({
    sub: c.sub,
    name: `${c.givenName} ${c.familyName}`,
    email: c.email,
    phone: c.phone,
  }));
  const org = (name: string) => demoOrganizations.find((o) => o.name === name)!;
  const application = (
    who: typeof kari,
    organization: { number: string; name: string },
    daysBefore: number,
    activity: string,
    participants: number,
    ageGroup: 'CHILDREN' | 'YOUTH' | 'ADULTS',
    startTime: string,
    minutes: number,
  ): BookingPlan => {
    const plan: BookingPlan = {
      userSub: who!.sub,
      organization,
      locationId: school,
      status: 'UNPROCESSED',
      purpose: 'PUBLICUSER_LOAN',
      sourceForm: 'school',
      durationType: 'SEMESTERLOAN',
      createdAt: daysAgo(ctx, daysBefore),
      reservations: tuesdays(startTime, minutes),
      formAnswers: { activity, purpose: activity, participants, ageGroup, contactEmail: who!.email, contactPhone: who!.phone },
      requirements: [],
      decisionMessages: [],
      changeLog: [],
    };
    plan.changeLog = [createdEntry(plan, who!.sub, who!.name)];
    return plan;
  };
  return {
    name: 'Skolelokaler vår – Grünerløkka skole',
    locationId: school,
    applicationStart: addDays(t, -45),
    deadline: addDays(t, -2),
    semesterStart,
    semesterEnd,
    applications: [
      application(ola, org('Tøyen Sportsklubb'), 30, 'Innebandy for 10–12 år', 24, 'CHILDREN', '17:00', 90),
      application(kari, org('Sagene Sjakklubb'), 20, 'Bordtennis for voksne', 12, 'ADULTS', '18:00', 120),
      application(amina, org('Holmlia Kulturforening'), 12, 'Dans for ungdom', 30, 'YOUTH', '18:00', 90),
      application(per, org('Stovner Skolekorps'), 8, 'Korpsøvelse', 40, 'YOUTH', '20:30', 90),
    ],
  };
}
