import { describe, expect, it } from 'vitest';
import { applicationFormLayout, applicationFormSchema, formTheme, isPhoneNumber } from './booking-create-form';

const issues = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.error?.issues.map((i) => [i.path.join('.'), i.message]);

describe('the booking application form', () => {
  it('asks per theme, and for several rooms the strictest need of each field', () => {
    expect(applicationFormLayout('wedding')).toMatchObject({ activity: 'hidden', purpose: 'hidden', participants: 'required' });
    expect(applicationFormLayout(['wedding', 'default'])).toMatchObject({ activity: 'required', purpose: 'optional' });
    expect(applicationFormLayout(['bicycle', 'school'])).toMatchObject({ activity: 'required', purpose: 'required' });
    expect(applicationFormLayout([])).toEqual(applicationFormLayout('default'));
    expect(formTheme(['school', 'school'])).toBe('school');
    expect(formTheme(['school', 'wedding'])).toBe('default');
  });

  it('says "Feltet er påkrevd" for every missing required answer, also when only spaces were typed', () => {
    expect(
      issues(
        applicationFormSchema('school').safeParse({
          activity: '   ',
          purpose: null,
          participants: '',
          contactEmail: '',
          contactPhone: undefined,
        }),
      ),
    ).toEqual([
      ['activity', 'Feltet er påkrevd'],
      ['purpose', 'Feltet er påkrevd'],
      ['participants', 'Feltet er påkrevd'],
      ['contactEmail', 'Feltet er påkrevd'],
      ['contactPhone', 'Feltet er påkrevd'],
    ]);
  });

  it('names a wrong e-mail, phone number or count', () => {
    expect(
      issues(
        applicationFormSchema('default').safeParse({ activity: 'Kor', participants: '2,5', contactEmail: 'kari@', contactPhone: '1234' }),
      ),
    ).toEqual([
      ['participants', 'Skriv inn et helt tall fra 1 og oppover'],
      ['contactEmail', 'Vennligst skriv inn en gyldig e-postadresse'],
      ['contactPhone', 'Vennligst skriv inn et gyldig telefonnummer'],
    ]);
    expect(
      issues(
        applicationFormSchema('default').safeParse({ activity: 'Kor', participants: 0, contactEmail: 'a@b.no', contactPhone: '41234567' }),
      ),
    ).toEqual([['participants', 'Skriv inn et helt tall fra 1 og oppover']]);
    expect(
      issues(
        applicationFormSchema('default').safeParse({
          activity: 'x'.repeat(501),
          participants: 1,
          contactEmail: 'a@b.no',
          contactPhone: '41234567',
        }),
      ),
    ).toEqual([['activity', 'Teksten kan ha høyst 500 tegn']]);
  });

  it('takes the optional age group of a semester application (decision 029): stored when chosen, named when wrong, dropped for a wedding', () => {
    const answers = { activity: 'Kor', purpose: 'Barn', participants: 12, contactEmail: 'a@b.no', contactPhone: '41234567' };
    expect(applicationFormSchema('school').parse({ ...answers, ageGroup: 'YOUTH' })).toMatchObject({ ageGroup: 'YOUTH' });
    expect(applicationFormSchema('school').parse({ ...answers, ageGroup: '' })).not.toHaveProperty('ageGroup');
    expect(issues(applicationFormSchema('default').safeParse({ ...answers, ageGroup: 'SENIORS' }))).toEqual([
      ['ageGroup', 'Velg en aldersgruppe fra listen'],
    ]);
    expect(
      applicationFormSchema('wedding').parse({ participants: 40, contactEmail: 'a@b.no', contactPhone: '41234567', ageGroup: 'ADULTS' }),
    ).not.toHaveProperty('ageGroup');
  });

  it('gives the answers to store: trimmed, counted as a number, empty and hidden fields left out', () => {
    expect(
      applicationFormSchema('wedding').parse({
        activity: 'Vielse',
        purpose: 'x',
        participants: ' 40 ',
        contactEmail: ' kari@example.no ',
        contactPhone: '+47 412 34 567',
        message: '  ',
        extra: 'ignored',
      }),
    ).toEqual({ participants: 40, contactEmail: 'kari@example.no', contactPhone: '+47 412 34 567' });
  });

  it('accepts Norwegian and international phone numbers', () => {
    for (const ok of ['41234567', '412 34 567', '+47 41 23 45 67', '0047 41234567', '+46 70 123 45 67'])
      expect(isPhoneNumber(ok), ok).toBe(true);
    for (const bad of ['1234567', 'telefon', '+47 4123 456a', '']) expect(isPhoneNumber(bad), bad).toBe(false);
  });
});
