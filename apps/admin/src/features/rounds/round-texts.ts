import type { RoundPhase, RoundSummary } from '@lokaler/domain/application-rounds';

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

/** The round may be changed while it is open, by someone who manages all its locations (the server says 403 otherwise). */
export const mayEditRound = (round: Pick<RoundSummary, 'status' | 'canClose'>): boolean => round.status === 'OPEN' && round.canClose;
