/** Where the job runner reads the time: the system clock in production, a fake one in tests. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
