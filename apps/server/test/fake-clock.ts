import type { Clock } from '../src/jobs/clock';

/** A clock that stands still until a test moves it. */
export class FakeClock implements Clock {
  private ms: number;
  constructor(start: Date | string = '2026-11-25T08:00:00Z') {
    this.ms = new Date(start).getTime();
  }

  now(): Date {
    return new Date(this.ms);
  }

  advance(ms: number): void {
    this.ms += ms;
  }
}
