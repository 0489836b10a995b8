import { describe, expect, it } from 'vitest';
import { euRuleFile, osloClockFromEuRule, zoneDataFile } from './oslo-clock-from-eu-rule.mjs';

const clockFile = zoneDataFile.replace('oslo-wall-clock.ts', 'oslo-clock.ts');

/** The plugin's resolveId as Vite calls it, with Vite's own resolution of the specifier given by `resolvesTo`. */
async function resolve(source, importer, resolvesTo) {
  const plugin = osloClockFromEuRule();
  const context = { resolve: async () => (resolvesTo ? { id: resolvesTo } : null) };
  return plugin.resolveId.call(context, source, importer, {});
}

describe('the Oslo clock from the EU rule in the SPAs (decision 050, third step)', () => {
  it("puts the rule's module in place of the zone data's for the domain's clock", async () => {
    expect(await resolve('./oslo-wall-clock', clockFile, zoneDataFile)).toBe(euRuleFile);
  });

  it("leaves the rule's own fallback to the zone data, and every other module, alone", async () => {
    expect(await resolve('./oslo-wall-clock', euRuleFile, zoneDataFile)).toBeNull();
    expect(await resolve('react', clockFile, '/node_modules/react/index.js')).toBeNull();
    // A module of that name elsewhere is not the domain's.
    expect(await resolve('./oslo-wall-clock', '/elsewhere/x.ts', '/elsewhere/oslo-wall-clock.ts')).toEqual({
      id: '/elsewhere/oslo-wall-clock.ts',
    });
  });
});
