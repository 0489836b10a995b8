import { describe, expect, it } from 'vitest';
import {
  applicationShapeProblems,
  cityWideFairShareLimits,
  defaultFairShareLimits,
  effectiveFairShareLimits,
  fairShareSettingNames,
  hoursText,
  minutesBySemester,
  pendingLimitProblem,
  problemsBeforeSending,
  roundLimitProblem,
  semesterOf,
} from './fair-share';

const time = (date: string, duration: string | number = 'PT2H') => ({ date, startTime: '18:00:00', duration, initialRepetitionDate: null });

describe('fair share (decision 041)', () => {
  it('splits the year into spring (January–June) and autumn (July–December)', () => {
    expect(semesterOf('2026-06-30')).toEqual({ key: '2026-V', firstDate: '2026-01-01', lastDate: '2026-06-30', label: 'våren 2026' });
    expect(semesterOf('2026-07-01')).toEqual({ key: '2026-H', firstDate: '2026-07-01', lastDate: '2026-12-31', label: 'høsten 2026' });
    expect(
      minutesBySemester([
        { date: '2027-01-04', durationMinutes: 60 },
        { date: '2026-12-28', durationMinutes: 120 },
        { date: '2026-12-21', durationMinutes: 30 },
      ]),
    ).toEqual([
      { semester: semesterOf('2026-12-01'), minutes: 150 },
      { semester: semesterOf('2027-01-01'), minutes: 60 },
    ]);
  });

  it('takes the city-wide limits from the settings, ignoring a value that is not a whole number in bounds; a location override wins', () => {
    const settings = new Map([
      [fairShareSettingNames.maxPendingHours, ' 30 '],
      [fairShareSettingNames.maxPendingApplications, '0'],
      [fairShareSettingNames.maxDatesPerSeries, '2.5'],
    ]);
    const cityWide = cityWideFairShareLimits(settings);
    expect(cityWide).toEqual({ ...defaultFairShareLimits, maxPendingHours: 30 });
    expect(
      effectiveFairShareLimits(cityWide, {
        maxPendingHours: null,
        maxPendingApplications: 3,
        maxRoomsPerApplication: null,
        maxDatesPerSeries: null,
      }),
    ).toEqual({ ...defaultFairShareLimits, maxPendingHours: 30, maxPendingApplications: 3 });
  });

  it('allows exactly the limit, and names the limit one past it', () => {
    const spring = semesterOf('2026-03-01');
    expect(
      pendingLimitProblem({ maxPendingHours: 40, maxPendingApplications: 10 }, spring, { minutes: 38 * 60, applications: 9 }, 120),
    ).toBeNull();
    expect(
      pendingLimitProblem({ maxPendingHours: 40, maxPendingApplications: 10 }, spring, { minutes: 38 * 60, applications: 9 }, 150),
    ).toBe(
      'Du kan ha høyst 40 timer til behandling ved dette stedet våren 2026. Du har 38 timer til behandling, og denne søknaden gjelder 2,5 timer.',
    );
    expect(pendingLimitProblem({ maxPendingHours: 40, maxPendingApplications: 1 }, spring, { minutes: 60, applications: 1 }, 60)).toBe(
      'Du kan ha høyst 1 søknad til behandling ved dette stedet våren 2026. Du har 1 søknad til behandling.',
    );
    expect(
      roundLimitProblem(
        { maxApplicationsPerApplicant: 2, maxWeeklyHoursPerApplicant: 4 },
        'Våren',
        { applications: 1, weeklyMinutes: 180 },
        60,
      ),
    ).toBeNull();
    expect(
      roundLimitProblem(
        { maxApplicationsPerApplicant: 2, maxWeeklyHoursPerApplicant: 4 },
        'Våren',
        { applications: 2, weeklyMinutes: 0 },
        60,
      ),
    ).toBe('Du kan sende høyst 2 søknader i søknadsrunden «Våren». Du har sendt 2 søknader.');
  });

  it('names too many rooms and too many dates of a room, each once', () => {
    const entries = [1, 2, 3].map((id) => ({
      bookableAssetId: id,
      datesAndTimes: id === 2 ? [time('2026-03-02'), time('2026-03-09'), time('2026-03-09', 'PT1H')] : [time('2026-03-02')],
    }));
    expect(applicationShapeProblems(entries, { maxRoomsPerApplication: 2, maxDatesPerSeries: 1 }, (id) => `Rom ${id}`)).toEqual([
      { path: 'body.availabilityData.probablyAvailable', message: 'En søknad kan gjelde høyst 2 rom. Du har valgt 3 rom.' },
      {
        path: 'body.availabilityData.probablyAvailable.1.datesAndTimes',
        message: 'En fast booking kan ha høyst 1 datoer per rom. Rom 2 har 2 datoer.',
      },
    ]);
  });

  it("judges the chosen times before sending as the server does: per semester, with the times' durations", () => {
    const entries = [{ bookableAssetId: 1, datesAndTimes: [time('2026-06-29'), time('2026-07-06', 1.5)] }];
    const pending = [{ semester: '2026-H', label: 'høsten 2026', minutes: 39 * 60, applications: 0 }];
    expect(problemsBeforeSending(entries, defaultFairShareLimits, pending, () => 'Gymsal')).toEqual([
      'Du kan ha høyst 40 timer til behandling ved dette stedet høsten 2026. Du har 39 timer til behandling, og denne søknaden gjelder 1,5 timer.',
    ]);
    expect(problemsBeforeSending(entries, defaultFairShareLimits, null, () => 'Gymsal')).toEqual([]);
    expect(hoursText(60)).toBe('1 time');
  });
});
