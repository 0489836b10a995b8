// Decision 050, third step: a Vite plugin for both SPAs. The domain's Oslo clock reads the wall clock
// from `oslo-wall-clock.ts` (Intl with `timeZone: 'Europe/Oslo'`); in the browser the first such
// formatter loads the platform's zone data, one task of ≈ 13 ms of CPU (a long task at a phone's 4×).
// The SPAs' builds import `oslo-wall-clock-eu-rule.ts` in its place: the EU's rule as arithmetic, the
// same parts for every instant from 1996 to 2100 (its property test), Intl outside them. The server and
// every test suite but that property test keep the zone data.
import { fileURLToPath } from 'node:url';

const scheduling = new URL('../packages/domain/src/scheduling/', import.meta.url);
export const zoneDataFile = fileURLToPath(new URL('oslo-wall-clock.ts', scheduling));
export const euRuleFile = fileURLToPath(new URL('oslo-wall-clock-eu-rule.ts', scheduling));

/** @returns {import('vite').Plugin} */
export function osloClockFromEuRule() {
  return {
    name: 'lokaler-oslo-clock-from-eu-rule',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      // The rule's own module falls back to the zone data outside its years: it keeps the real import.
      if (!source.includes('oslo-wall-clock') || importer === euRuleFile) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved?.id === zoneDataFile ? euRuleFile : resolved;
    },
  };
}
