import type { BookingStatus } from '@lokaler/domain/booking';
import type { PublicLocationType } from '@lokaler/domain/location';
import { describeTimes, planSeries, reservationStatusFor, type BookingPlan, type PlannedRoom } from './booking-plan';
import { openWindow } from './build-schedule';
import { addDays, isoWeekday } from './dates';
import { adminNames, demoOrganizations, demoUsers } from './people';
import { createdEntry, daysAgo, deadlineBefore, type PlanContext } from './plan-context';

const activities = [
  'Korøvelse',
  'Fotballtrening for 10-åringer',
  'Yoga',
  'Styremøte i borettslaget',
  'Sjakkurs',
  'Barnebursdag',
  'Språkkafé',
  'Seniordans',
  'Innebandy',
  'Teaterøvelse',
  'Leksehjelp',
  'Årsmøte',
  'Strikkekafé',
  'Basketball',
  'Foreldremøte',
] as const;

/** Status mix of the calendars: mostly approved and waiting, some closed ones. */
function drawStatus(ctx: PlanContext): BookingStatus {
  const x = ctx.random.next();
  if (x < 0.55) return 'APPROVED';
  if (x < 0.83) return 'UNPROCESSED';
  if (x < 0.91) return 'REJECTED';
  if (x < 0.97) return 'CANCELLED';
  return 'AUTOREJECTED';
}

export interface BackgroundRoom extends PlannedRoom {
  locationType: PublicLocationType;
  locationName: string;
}

/**
 * Bookings of made-up applicants that make the calendars look like a real city: weekly semester loans
 * and single evenings in the coming weeks, never overlapping the citizens' bookings or blocked times.
 */
export function planBackgroundBookings(ctx: PlanContext, rooms: readonly BackgroundRoom[], count: number): BookingPlan[] {
  const plans: BookingPlan[] = [];
  const candidates = rooms.filter((r) => r.locationType !== 'WEDDINGS' && !r.locationName.startsWith('BUA '));
  for (let attempt = 0; plans.length < count && attempt < count * 4; attempt++) {
    const room = ctx.random.pick(candidates);
    const firstDate = addDays(ctx.today, ctx.random.int(1, 42));
    const window = openWindow(room.locationType, isoWeekday(firstDate));
    if (!window) continue;
    const durationMinutes = ctx.random.pick([60, 90, 120, 180]);
    const opens = Number(window[0].slice(0, 2));
    const lastStart = Number(window[1].slice(0, 2)) - Math.ceil(durationMinutes / 60);
    if (lastStart < opens) continue;
    const startTime = `${String(ctx.random.int(opens, lastStart)).padStart(2, '0')}:00`;
    const repeated = ctx.random.chance(0.45);
    const status = drawStatus(ctx);
    const reservations = planSeries({
      occupancy: ctx.occupancy,
      closed: ctx.closed,
      room,
      firstDate,
      startTime,
      durationMinutes,
      count: repeated ? ctx.random.int(4, 12) : 1,
      stepDays: 7,
      status: reservationStatusFor[status],
    });
    if (reservations.length === 0) continue;
    const user = ctx.random.pick(demoUsers);
    const organization = ctx.random.chance(0.4) ? ctx.random.pick(demoOrganizations) : undefined;
    const createdAt = daysAgo(
      ctx,
      ctx.random.int(1, 40),
      `${String(ctx.random.int(8, 22)).padStart(2, '0')}:${ctx.random.pick(['05', '17', '32', '48'])}`,
    );
    const plan: BookingPlan = {
      userSub: user.sub,
      ...(organization ? { organization } : {}),
      locationId: room.locationId,
      status,
      purpose: 'PUBLICUSER_LOAN',
      sourceForm: room.locationType === 'SCHOOLS' ? 'school' : 'default',
      durationType: repeated ? 'SEMESTERLOAN' : 'SINGLE_BOOKING',
      createdAt,
      ...(status === 'APPROVED'
        ? { costCategory: ctx.random.pick(['FREE', 'FREE', 'COST'] as const), cancellationDeadline: deadlineBefore(reservations) }
        : {}),
      formAnswers: {
        activity: ctx.random.pick(activities),
        participants: ctx.random.int(4, Math.max(5, Math.min(60, durationMinutes))),
        contactEmail: user.email,
      },
      reservations,
      requirements: [],
      decisionMessages: [],
      changeLog: [],
    };
    plan.changeLog.push(createdEntry(plan, user.sub, user.name));
    const decidedAt = new Date(createdAt.getTime() + 2 * 86_400_000);
    if (status === 'APPROVED')
      plan.changeLog.push({
        type: 'BookingApproval',
        loggedAt: decidedAt,
        userName: adminNames.siri,
        reservationTimes: describeTimes(reservations),
      });
    if (status === 'REJECTED') {
      plan.changeLog.push({ type: 'BookingRejection', loggedAt: decidedAt, userName: adminNames.siri });
      plan.decisionMessages.push({ message: 'Lokalet er dessverre ikke ledig på de ønskede tidspunktene.', createdAt: decidedAt });
    }
    if (status === 'CANCELLED')
      plan.changeLog.push({ type: 'BookingCancellation', loggedAt: decidedAt, userSub: user.sub, userName: user.name });
    plans.push(plan);
  }
  return plans;
}

/** Approved weddings in the town hall's rooms, half-hour ceremonies on the coming Fridays. */
export function planWeddings(ctx: PlanContext, rooms: readonly BackgroundRoom[], count: number): BookingPlan[] {
  const weddingRooms = rooms.filter((r) => r.locationType === 'WEDDINGS');
  const plans: BookingPlan[] = [];
  for (let attempt = 0; plans.length < count && attempt < count * 4 && weddingRooms.length > 0; attempt++) {
    const room = ctx.random.pick(weddingRooms);
    const friday = addDays(ctx.today, 7 * ctx.random.int(2, 12) + ((5 - isoWeekday(ctx.today) + 7) % 7));
    const startTime = ctx.random.pick(['10:00', '10:30', '11:00', '12:30', '13:00', '13:30']);
    const reservations = planSeries({
      occupancy: ctx.occupancy,
      closed: ctx.closed,
      room,
      firstDate: friday,
      startTime,
      durationMinutes: 30,
      count: 1,
      stepDays: 7,
      status: 'APPROVED',
    });
    if (reservations.length === 0) continue;
    const user = ctx.random.pick(demoUsers);
    const createdAt = daysAgo(ctx, ctx.random.int(20, 60));
    const plan: BookingPlan = {
      userSub: user.sub,
      locationId: room.locationId,
      status: 'APPROVED',
      purpose: 'PUBLICUSER_LOAN',
      sourceForm: 'wedding',
      durationType: 'SINGLE_BOOKING',
      createdAt,
      formAnswers: { contactEmail: user.email },
      reservations,
      cancellationDeadline: deadlineBefore(reservations, 28),
      requirements: [
        { type: 'WEDDING_CERTIFICATE', fulfilledBySub: user.sub, fulfilledByName: user.name, fulfillmentTime: daysAgo(ctx, 5) },
      ],
      decisionMessages: [],
      changeLog: [],
    };
    plan.changeLog.push(createdEntry(plan, user.sub, user.name));
    plan.changeLog.push({
      type: 'BookingApproval',
      loggedAt: daysAgo(ctx, 4),
      userName: adminNames.vigdis,
      reservationTimes: describeTimes(reservations),
    });
    plans.push(plan);
  }
  return plans;
}
