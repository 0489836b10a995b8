/**
 * Which times of which room the demo has already given away (active reservations and blocked times),
 * so the generated data never violates the no-double-booking constraint. Wall-clock minutes suffice:
 * demo times lie between 08:00 and 23:00, never in a daylight-saving gap.
 */
export class Occupancy {
  private readonly taken = new Map<string, Array<[number, number]>>();

  isFree(roomId: number, date: string, startTime: string, minutes: number): boolean {
    const start = toMinutes(startTime);
    const end = start + minutes;
    return (this.taken.get(`${roomId}|${date}`) ?? []).every(([s, e]) => end <= s || start >= e);
  }

  take(roomId: number, date: string, startTime: string, minutes: number): void {
    const key = `${roomId}|${date}`;
    const start = toMinutes(startTime);
    const list = this.taken.get(key) ?? [];
    list.push([start, start + minutes]);
    this.taken.set(key, list);
  }

  /** Takes the time when it is free; tells whether it did. */
  tryTake(roomId: number, date: string, startTime: string, minutes: number): boolean {
    if (!this.isFree(roomId, date, startTime, minutes)) return false;
    this.take(roomId, date, startTime, minutes);
    return true;
  }
}

function toMinutes(time: string): number {
  const [h, m] = time.split(':').map(Number);
  return h! * 60 + m!;
}
