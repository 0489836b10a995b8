import type { RoundConflicts, RoundDetail, RoundSummary, RoundWish } from '@lokaler/domain/application-rounds';

/** Test data of the semester rounds' screens (decision 030), as the API contract shapes it. */

export const roundSummaryOf = (overrides: Partial<RoundSummary> = {}): RoundSummary => ({
  id: 5,
  name: 'Skolelokaler våren 2027',
  applicationStart: '2026-11-01',
  deadline: '2026-12-01',
  semesterStart: '2027-01-04',
  semesterEnd: '2027-06-18',
  maxApplicationsPerApplicant: 5,
  maxWeeklyHoursPerApplicant: 20,
  status: 'OPEN',
  phase: 'ALLOCATING',
  locations: [{ id: 7, name: 'Bjølsen skole' }],
  applicationCount: 3,
  undecidedCount: 3,
  decidedCount: 0,
  canClose: true,
  ...overrides,
});

export const roundDetailOf = (overrides: Partial<RoundDetail> = {}): RoundDetail => ({
  ...roundSummaryOf(),
  rooms: [
    { id: 21, name: 'Gymsal', locationId: 7, locationName: 'Bjølsen skole', wishCount: 3, clashCount: 2, undecidedCount: 3 },
    { id: 22, name: 'Aula', locationId: 7, locationName: 'Bjølsen skole', wishCount: 0, clashCount: 0, undecidedCount: 0 },
  ],
  ...overrides,
});

export const wishOf = (overrides: Partial<RoundWish> = {}): RoundWish => ({
  id: 101,
  version: 1,
  bookingId: 901,
  caseNumber: 'S-2026-0101',
  applicantName: 'Sagene IF',
  organizationNumber: '912345678',
  activity: 'Basketball',
  participants: 24,
  ageGroup: 'CHILDREN',
  earlierUseHours: 40,
  appliedAt: '2026-11-10T09:00:00Z',
  roomId: 21,
  weekday: 2,
  startTime: '17:00',
  endTime: '19:00',
  dateCount: 22,
  decision: 'UNDECIDED',
  allocated: null,
  reason: null,
  clashesWith: [],
  updatedBy: null,
  updatedAt: null,
  ...overrides,
});

/** Three clubs ask for the gym on Tuesdays: two clash over 17–19, the third comes after. */
export const tuesdayClash = (): RoundConflicts => ({
  roundId: 5,
  room: { id: 21, name: 'Gymsal', locationId: 7, locationName: 'Bjølsen skole', wishCount: 3, clashCount: 2, undecidedCount: 3 },
  openingHours: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, startTime: '16:00', endTime: '22:00' })),
  wishes: [
    wishOf({ id: 101, applicantName: 'Sagene IF', clashesWith: [102] }),
    wishOf({
      id: 102,
      applicantName: 'Bjølsen basket',
      startTime: '18:00',
      endTime: '20:00',
      ageGroup: 'YOUTH',
      earlierUseHours: 0,
      caseNumber: 'S-2026-0102',
      clashesWith: [101],
    }),
    wishOf({ id: 103, applicantName: 'Torshov turn', startTime: '20:00', endTime: '21:00', ageGroup: 'ADULTS', caseNumber: 'S-2026-0103' }),
  ],
  busy: [{ weekday: 3, startTime: '16:00', endTime: '18:00', dateCount: 20, label: 'Fast booking' }],
  rooms: [
    { id: 21, name: 'Gymsal', locationName: 'Bjølsen skole' },
    { id: 22, name: 'Aula', locationName: 'Bjølsen skole' },
  ],
});
