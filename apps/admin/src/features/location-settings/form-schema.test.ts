import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { numberOrNull, numberText, viaDomainSchema } from './form-schema';

const schema = viaDomainSchema(
  z.object({ size: numberText('Skriv inn et tall'), name: z.string() }),
  z.object({ size: z.number().min(1, 'For lite').nullable(), name: z.string().trim().min(2, 'For kort') }),
  (v) => ({ size: numberOrNull(v.size), name: v.name }),
);

describe('viaDomainSchema', () => {
  it("puts the form's own message on a field that is not a number, and stops there", () => {
    const issues = schema.safeParse({ size: 'tre', name: 'x' }).error?.issues ?? [];
    expect(issues.map((i) => [i.path.join('.'), i.message])).toEqual([['size', 'Skriv inn et tall']]);
  });

  it("puts the domain schema's messages on the fields of the same name", () => {
    const issues = schema.safeParse({ size: '0', name: ' x ' }).error?.issues ?? [];
    expect(issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['size', 'For lite'],
      ['name', 'For kort'],
    ]);
  });

  it("answers the domain schema's output: trimmed, numbers parsed (a decimal comma too), '' as null", () => {
    expect(schema.parse({ size: '2,5', name: '  Gymsal ' })).toEqual({ size: 2.5, name: 'Gymsal' });
    expect(schema.parse({ size: ' ', name: 'Gymsal' })).toEqual({ size: null, name: 'Gymsal' });
  });
});
