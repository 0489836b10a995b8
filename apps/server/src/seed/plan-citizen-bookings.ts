import { testCitizens } from './test-users';
import { describeTimes, type BookingPlan } from './booking-plan';
import { addDays, onOrAfter } from './dates';
import { adminNames, demoOrganizations } from './people';
import { createdEntry, daysAgo, deadlineBefore, locationId, roomAt, times, type PlanContext } from './plan-context';

const [kari, ola, amina, per] = testCitizens.map((c) => ({
  sub: c.sub,
  name: `${c.givenName} ${c.familyName}`,
  email: c.email,
  phone: c.phone,
}));

/**
 * The bookings of the test citizens, written out by hand so every status and situation of spec 02
 * can be seen after logging in: Kari has one of each booking status, an approval waiting for her
 * signature, a rejection with a message, a changed time and an unavailable one.
 */
export function planCitizenBookings(ctx: PlanContext): BookingPlan[] {
  const t = ctx.today;
  const plans: BookingPlan[] = [];
  const add = (
    plan: Omit<BookingPlan, 'changeLog' | 'requirements' | 'decisionMessages'> &
      Partial<Pick<BookingPlan, 'changeLog' | 'requirements' | 'decisionMessages'>>,
    applicant: { sub: string; name: string },
  ) => {
    const full: BookingPlan = { requirements: [], decisionMessages: [], ...plan, changeLog: [] };
    full.changeLog = [createdEntry(full, applicant.sub, applicant.name), ...(plan.changeLog ?? [])];
    plans.push(full);
    return full;
  };
  const answers = (who: typeof kari, activity: string, participants: number, message?: string) => ({
    activity,
    purpose: activity,
    participants,
    contactEmail: who!.email,
    contactPhone: who!.phone,
    ...(message ? { message } : {}),
  });

  // Kari: waiting for processing — one evening in the gym.
  add(
    {
      userSub: kari!.sub,
      locationId: locationId(ctx, 'Sagene skole'),
      status: 'UNPROCESSED',
      purpose: 'PUBLICUSER_LOAN',
      sourceForm: 'school',
      durationType: 'SINGLE_BOOKING',
      createdAt: daysAgo(ctx, 2),
      formAnswers: answers(kari, 'Innebandy for barna i nabolaget', 18, 'Vi tar med egne køller og baller.'),
      reservations: times(ctx, roomAt(ctx, 'Sagene skole', 'Gymsal'), {
        firstDate: onOrAfter(addDays(t, 10), 2),
        startTime: '18:00',
        durationMinutes: 120,
        status: 'UNPROCESSED',
      }),
    },
    kari!,
  );

  // Kari: approved semester loan whose contract she has not signed yet.
  const approvedUnsigned = times(ctx, roomAt(ctx, 'Sagene samfunnshus', 'Storsalen'), {
    firstDate: onOrAfter(addDays(t, 14), 4),
    startTime: '17:00',
    durationMinutes: 120,
    count: 6,
    status: 'APPROVED',
  });
  add(
    {
      userSub: kari!.sub,
      locationId: locationId(ctx, 'Sagene samfunnshus'),
      status: 'APPROVED',
      purpose: 'PUBLICUSER_LOAN',
      sourceForm: 'default',
      durationType: 'SEMESTERLOAN',
      createdAt: daysAgo(ctx, 12),
      costCategory: 'FREE',
      cancellationDeadline: deadlineBefore(approvedUnsigned),
      formAnswers: answers(kari, 'Korøvelse for Sagene nabolagskor', 35),
      reservations: approvedUnsigned,
      requirements: [{ type: 'CONTRACT' }],
      decisionMessages: [{ message: 'Søknaden er godkjent. Husk å signere kontrakten før første øvelse.', createdAt: daysAgo(ctx, 5) }],
      changeLog: [
        {
          type: 'BookingApproval',
          loggedAt: daysAgo(ctx, 5),
          userName: adminNames.siri,
          reservationTimes: describeTimes(approvedUnsigned),
        },
      ],
    },
    kari!,
  );

  // Kari: rejected, with the location's reason.
  add(
    {
      userSub: kari!.sub,
      locationId: locationId(ctx, 'Sagene skole'),
      status: 'REJECTED',
      purpose: 'PUBLICUSER_LOAN',
      sourceForm: 'school',
      durationType: 'SINGLE_BOOKING',
      createdAt: daysAgo(ctx, 9),
      formAnswers: answers(kari, 'Sommeravslutning for korpset', 80),
      reservations: times(ctx, roomAt(ctx, 'Sagene skole', 'Aula'), {
        firstDate: onOrAfter(addDays(t, 20), 6),
        startTime: '14:00',
        durationMinutes: 180,
        status: 'REJECTED',
      }),
      decisionMessages: [
        {
          message: 'Aulaen er dessverre opptatt av skolens egne arrangementer denne dagen. Prøv gjerne en annen dato.',
          createdAt: daysAgo(ctx, 4),
        },
      ],
      changeLog: [{ type: 'BookingRejection', loggedAt: daysAgo(ctx, 4), userName: adminNames.siri, comment: 'Skolens eget arrangement.' }],
    },
    kari!,
  );

  // Kari: cancelled by herself.
  add(
    {
      userSub: kari!.sub,
      locationId: locationId(ctx, 'Deichman Torshov'),
      status: 'CANCELLED',
      purpose: 'PUBLICUSER_LOAN',
      sourceForm: 'default',
      durationType: 'SINGLE_BOOKING',
      createdAt: daysAgo(ctx, 6),
      formAnswers: answers(kari, 'Styremøte i borettslaget', 7),
      reservations: times(ctx, roomAt(ctx, 'Deichman Torshov', 'Møterom', '1'), {
        firstDate: addDays(t, 8),
        startTime: '18:00',
        durationMinutes: 90,
        status: 'CANCELLED',
      }),
      changeLog: [{ type: 'BookingCancellation', loggedAt: daysAgo(ctx, 3), userSub: kari!.sub, userName: kari!.name }],
    },
    kari!,
  );

  // Kari: approved and signed, with one time moved by the school and one taken back as unavailable.
  const gym = roomAt(ctx, 'Bjølsen skole', 'Gymsal');
  const series = times(ctx, gym, {
    firstDate: onOrAfter(addDays(t, 7), 3),
    startTime: '19:00',
    durationMinutes: 90,
    count: 8,
    status: 'APPROVED',
  });
  const moved = series[2];
  const unavailable = series[5];
  const replacement = moved ? times(ctx, gym, { firstDate: moved.date, startTime: '20:30', durationMinutes: 90, status: 'APPROVED' }) : [];
  if (moved) moved.status = 'REPLACED';
  if (unavailable) unavailable.status = 'UNAVAILABLE';
  add(
    {
      userSub: kari!.sub,
      locationId: locationId(ctx, 'Bjølsen skole'),
      status: 'APPROVED',
      purpose: 'PUBLICUSER_LOAN',
      sourceForm: 'school',
      durationType: 'SEMESTERLOAN',
      createdAt: daysAgo(ctx, 30),
      costCategory: 'COST',
      cancellationDeadline: deadlineBefore(series),
      formAnswers: answers(kari, 'Volleyball for voksne', 14),
      reservations: [...series, ...replacement],
      requirements: [
        { type: 'CONTRACT', fulfilledBySub: kari!.sub, fulfilledByName: kari!.name, fulfillmentTime: daysAgo(ctx, 18, '21:14') },
      ],
      decisionMessages: [{ message: 'Velkommen til Bjølsen skole! Nøkkel hentes hos vaktmester.', createdAt: daysAgo(ctx, 20) }],
      changeLog: [
        { type: 'BookingApproval', loggedAt: daysAgo(ctx, 20), userName: adminNames.siri, reservationTimes: describeTimes(series) },
        { type: 'CONTRACT', loggedAt: daysAgo(ctx, 18, '21:14'), userSub: kari!.sub, userName: kari!.name },
        ...(moved
          ? [
              {
                type: 'ReservationChange' as const,
                loggedAt: daysAgo(ctx, 3),
                userName: adminNames.siri,
                reservationTimes: describeTimes([moved]),
                newReservationTimes: describeTimes(replacement),
                comment: 'Gymsalen brukes til skolens turnering til 20.30.',
              },
            ]
          : []),
        ...(unavailable
          ? [
              {
                type: 'ReservationRejection' as const,
                loggedAt: daysAgo(ctx, 2),
                userName: adminNames.siri,
                reservationTimes: describeTimes([unavailable]),
                comment: 'Vannlekkasje i garderoben.',
              },
            ]
          : []),
      ],
    },
    kari!,
  );

  // Kari: a wedding application she left without finishing; the hold expired.
  add(
    {
      userSub: kari!.sub,
      locationId: locationId(ctx, 'Oslo rådhus'),
      status: 'AUTOREJECTED',
      purpose: 'PUBLICUSER_LOAN',
      sourceForm: 'wedding',
      durationType: 'SINGLE_BOOKING',
      createdAt: daysAgo(ctx, 1, '13:05'),
      formAnswers: {},
      reservations: times(ctx, roomAt(ctx, 'Oslo rådhus', 'Vielsesrommet'), {
        firstDate: onOrAfter(addDays(t, 70), 5),
        startTime: '11:30',
        durationMinutes: 30,
        status: 'AUTOREJECTED',
      }),
      changeLog: [
        {
          type: 'BookingRejection',
          loggedAt: daysAgo(ctx, 1, '13:35'),
          userName: 'System',
          comment: 'Søknadsskjemaet for vielse ble ikke fullført.',
        },
      ],
    },
    kari!,
  );

  // Ola: approved party at market price with a signed contract, and a biweekly application waiting.
  const party = times(ctx, roomAt(ctx, 'Grünerløkka bydelshus', 'Selskapslokalet'), {
    firstDate: onOrAfter(addDays(t, 25), 6),
    startTime: '15:00',
    durationMinutes: 360,
    status: 'APPROVED',
  });
  add(
    {
      userSub: ola!.sub,
      locationId: locationId(ctx, 'Grünerløkka bydelshus'),
      status: 'APPROVED',
      purpose: 'PUBLICUSER_LOAN',
      sourceForm: 'default',
      durationType: 'SINGLE_BOOKING',
      createdAt: daysAgo(ctx, 15),
      costCategory: 'MARKET',
      marketPriceOre: 350_000,
      cancellationDeadline: deadlineBefore(party, 14),
      formAnswers: answers(ola, '50-årsdag', 60),
      reservations: party,
      requirements: [{ type: 'CONTRACT', fulfilledBySub: ola!.sub, fulfilledByName: ola!.name, fulfillmentTime: daysAgo(ctx, 8, '19:40') }],
      changeLog: [
        { type: 'BookingApproval', loggedAt: daysAgo(ctx, 10), userName: adminNames.siri, reservationTimes: describeTimes(party) },
        { type: 'CONTRACT', loggedAt: daysAgo(ctx, 8, '19:40'), userSub: ola!.sub, userName: ola!.name },
      ],
    },
    ola!,
  );
  add(
    {
      userSub: ola!.sub,
      locationId: locationId(ctx, 'Rosenhoff skole'),
      status: 'UNPROCESSED',
      purpose: 'PUBLICUSER_LOAN',
      sourceForm: 'school',
      durationType: 'SEMESTERLOAN',
      createdAt: daysAgo(ctx, 1),
      formAnswers: answers(ola, 'Bordtennistrening', 12),
      reservations: times(ctx, roomAt(ctx, 'Rosenhoff skole', 'Gymsal'), {
        firstDate: onOrAfter(addDays(t, 12), 1),
        startTime: '19:00',
        durationMinutes: 120,
        count: 6,
        stepDays: 14,
        status: 'UNPROCESSED',
      }),
    },
    ola!,
  );

  // Amina: a wedding waiting for processing and the premarital test certificate; a library room approved.
  add(
    {
      userSub: amina!.sub,
      locationId: locationId(ctx, 'Oslo rådhus'),
      status: 'UNPROCESSED',
      purpose: 'PUBLICUSER_LOAN',
      sourceForm: 'wedding',
      durationType: 'SINGLE_BOOKING',
      createdAt: daysAgo(ctx, 3),
      formAnswers: { contactEmail: amina!.email, contactPhone: amina!.phone },
      reservations: times(ctx, roomAt(ctx, 'Oslo rådhus', 'Seremonirommet'), {
        firstDate: onOrAfter(addDays(t, 60), 5),
        startTime: '11:00',
        durationMinutes: 30,
        status: 'UNPROCESSED',
      }),
      requirements: [{ type: 'WEDDING_CERTIFICATE' }],
    },
    amina!,
  );
  const studyRoom = times(ctx, roomAt(ctx, 'Deichman Grünerløkka', 'Møterom', '1'), {
    firstDate: addDays(t, 4),
    startTime: '12:00',
    durationMinutes: 120,
    status: 'APPROVED',
  });
  add(
    {
      userSub: amina!.sub,
      locationId: locationId(ctx, 'Deichman Grünerløkka'),
      status: 'APPROVED',
      purpose: 'PUBLICUSER_LOAN',
      sourceForm: 'default',
      durationType: 'SINGLE_BOOKING',
      createdAt: daysAgo(ctx, 4),
      costCategory: 'FREE',
      cancellationDeadline: deadlineBefore(studyRoom, 1),
      formAnswers: answers(amina, 'Lesegruppe', 6),
      reservations: studyRoom,
      changeLog: [
        { type: 'BookingApproval', loggedAt: daysAgo(ctx, 3), userName: adminNames.jonas, reservationTimes: describeTimes(studyRoom) },
      ],
    },
    amina!,
  );
  add(
    {
      userSub: amina!.sub,
      locationId: locationId(ctx, 'Stovner bydelshus'),
      status: 'REJECTED',
      purpose: 'PUBLICUSER_LOAN',
      sourceForm: 'default',
      durationType: 'SINGLE_BOOKING',
      createdAt: daysAgo(ctx, 7),
      formAnswers: answers(amina, 'Eid-feiring', 120),
      reservations: times(ctx, roomAt(ctx, 'Stovner bydelshus', 'Storsalen'), {
        firstDate: onOrAfter(addDays(t, 18), 6),
        startTime: '16:00',
        durationMinutes: 300,
        status: 'REJECTED',
      }),
      decisionMessages: [
        {
          message: 'Storsalen er allerede utleid denne kvelden. Selskapslokalet er ledig, søk gjerne på nytt.',
          createdAt: daysAgo(ctx, 2),
        },
      ],
      changeLog: [{ type: 'BookingRejection', loggedAt: daysAgo(ctx, 2), userName: adminNames.siri }],
    },
    amina!,
  );

  // Per, acting for his chess club: an approved semester loan and a new application.
  const club = demoOrganizations[0];
  const chess = times(ctx, roomAt(ctx, 'Sagene samfunnshus', 'Møterom', 'M1'), {
    firstDate: onOrAfter(addDays(t, 3), 1),
    startTime: '19:00',
    durationMinutes: 120,
    count: 10,
    status: 'APPROVED',
  });
  add(
    {
      userSub: per!.sub,
      organization: club,
      locationId: locationId(ctx, 'Sagene samfunnshus'),
      status: 'APPROVED',
      purpose: 'PUBLICUSER_LOAN',
      sourceForm: 'default',
      durationType: 'SEMESTERLOAN',
      createdAt: daysAgo(ctx, 40),
      costCategory: 'FREE',
      cancellationDeadline: deadlineBefore(chess),
      formAnswers: answers(per, 'Sjakktrening for barn og voksne', 20),
      reservations: chess,
      requirements: [
        { type: 'CONTRACT', fulfilledBySub: per!.sub, fulfilledByName: per!.name, fulfillmentTime: daysAgo(ctx, 30, '08:12') },
      ],
      changeLog: [
        { type: 'BookingApproval', loggedAt: daysAgo(ctx, 32), userName: adminNames.siri, reservationTimes: describeTimes(chess) },
        { type: 'CONTRACT', loggedAt: daysAgo(ctx, 30, '08:12'), userSub: per!.sub, userName: per!.name },
      ],
    },
    per!,
  );
  add(
    {
      userSub: per!.sub,
      organization: club,
      locationId: locationId(ctx, 'Lilleborg skole'),
      status: 'UNPROCESSED',
      purpose: 'PUBLICUSER_LOAN',
      sourceForm: 'school',
      durationType: 'SINGLE_BOOKING',
      createdAt: daysAgo(ctx, 0, '08:30'),
      formAnswers: answers(per, 'Sjakkturnering', 60),
      reservations: times(ctx, roomAt(ctx, 'Lilleborg skole', 'Kantine'), {
        firstDate: onOrAfter(addDays(t, 30), 6),
        startTime: '10:00',
        durationMinutes: 420,
        status: 'UNPROCESSED',
      }),
    },
    per!,
  );

  // Admins: an internal activity and a booking on behalf of a citizen without login.
  const festival = times(ctx, roomAt(ctx, 'Stovner bydelshus', 'Selskapslokalet'), {
    firstDate: onOrAfter(addDays(t, 21), 5),
    startTime: '17:00',
    durationMinutes: 240,
    status: 'APPROVED',
  });
  add(
    {
      userSub: null,
      locationId: locationId(ctx, 'Stovner bydelshus'),
      status: 'APPROVED',
      purpose: 'ADMINUSER_INTERNAL_ACTIVITY',
      sourceForm: 'internal',
      durationType: 'SINGLE_BOOKING',
      createdAt: daysAgo(ctx, 14),
      internalEventTitle: 'Frivillighetsfest i bydelen',
      formAnswers: {},
      reservations: festival,
    },
    { sub: '', name: adminNames.siri },
  );
  const onBehalf = times(ctx, roomAt(ctx, 'Grünerløkka bydelshus', 'Møterom', 'M1'), {
    firstDate: addDays(t, 6),
    startTime: '10:00',
    durationMinutes: 120,
    status: 'APPROVED',
  });
  add(
    {
      userSub: null,
      locationId: locationId(ctx, 'Grünerløkka bydelshus'),
      status: 'APPROVED',
      purpose: 'ADMINUSER_ON_BEHALF_OF_PUBLICUSER_LOAN',
      sourceForm: 'default',
      durationType: 'SINGLE_BOOKING',
      createdAt: daysAgo(ctx, 5),
      costCategory: 'FREE',
      onBehalfOf: { name: 'Leif Pettersen', email: 'leif.pettersen@example.no' },
      formAnswers: { activity: 'Pensjonisttreff' },
      reservations: onBehalf,
    },
    { sub: '', name: adminNames.siri },
  );

  // An internal 'created' entry by an admin has no user id.
  for (const plan of plans) for (const entry of plan.changeLog) if (entry.userSub === '') delete entry.userSub;
  return plans;
}
