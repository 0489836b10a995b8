import type { RoundPhase } from '@lokaler/domain/application-rounds';

/** '1 søknad' / '3 søknader'. */
export function countText(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** The phase tag's colour (the text says the phase; the colour only repeats it). */
export const phaseColors: Record<RoundPhase, 'neutral' | 'info' | 'warning' | 'success'> = {
  NOT_STARTED: 'neutral',
  COLLECTING: 'info',
  ALLOCATING: 'warning',
  CLOSING: 'warning',
  CLOSED: 'success',
};
