/** Room data that breaks the rules' assumptions: an internal error (bad data), never a user's mistake. */
export class SchedulingDataError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SchedulingDataError';
  }
}
