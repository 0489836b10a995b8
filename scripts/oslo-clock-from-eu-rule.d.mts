import type { Plugin } from 'vite';

/** Both SPAs' build: the Oslo clock from the EU's rule instead of the zone data (decision 050, third step). */
export function osloClockFromEuRule(): Plugin;
export const zoneDataFile: string;
export const euRuleFile: string;
