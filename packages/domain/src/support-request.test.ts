import { describe, expect, it } from 'vitest';
import { locationIdFromReferringPage, supportMessageText, supportRequest } from './support-request';

const issues = (value: unknown) => supportRequest.safeParse(value).error?.issues.map((i) => [i.path.join('.'), i.message]);

describe('the contact form', () => {
  it("shows every problem at once with the spec's texts", () => {
    expect(issues({})).toEqual([
      ['category', 'Velg et alternativ'],
      ['userEmail', 'Feltet er påkrevd'],
      ['message', 'Feltet er påkrevd'],
    ]);
    expect(issues({ category: 'BOOKING', userEmail: 'ola', message: ' ' })).toEqual([
      ['userEmail', 'Vennligst skriv inn en gyldig e-postadresse'],
      ['message', 'Feltet er påkrevd'],
      ['locationId', 'Feltet er påkrevd'],
    ]);
    expect(issues({ category: 'TECHNICAL', userEmail: 'ola@example.no', message: 'Hei' })).toBeUndefined();
  });

  it('refuses a body that is no object (null, nothing, a list) as invalid, without throwing (it was a 500)', () => {
    for (const value of [null, undefined, [], 'tekst', 0]) {
      expect(supportRequest.safeParse(value).success).toBe(false);
    }
    expect(issues({ category: 'BOOKING', userEmail: 'ola@example.no', message: 'Hei', locationId: 2_147_483_648 })).toEqual([
      ['locationId', 'Feltet er påkrevd'],
    ]);
  });

  it("trims every string and takes the location from a select's string", () => {
    expect(
      supportRequest.parse({
        category: 'LOCATION',
        userEmail: ' ola@example.no ',
        message: ' Hei\n ',
        locationId: '12',
        referringPage: '  ',
      }),
    ).toEqual({ category: 'LOCATION', userEmail: 'ola@example.no', message: 'Hei', locationId: 12 });
  });

  it('appends the referring page only for TECHNICAL and OTHER', () => {
    expect(supportMessageText({ category: 'OTHER', message: 'Hei', referringPage: '/sted/3' })).toBe('Hei\n\nReferring page: /sted/3');
    expect(supportMessageText({ category: 'TECHNICAL', message: 'Hei', referringPage: undefined })).toBe('Hei');
    expect(supportMessageText({ category: 'LOCATION', message: 'Hei', referringPage: '/sted/3' })).toBe('Hei');
  });

  it('finds the location to pre-select in the referring page', () => {
    expect(locationIdFromReferringPage('https://lokaler.oslo.kommune.no/sted/42/?ressurs=7')).toBe(42);
    expect(locationIdFromReferringPage('/lokale/9?search=list')).toBe(9);
    expect(locationIdFromReferringPage('/ressurs?locationId=5&ids=3#top')).toBe(5);
    expect(locationIdFromReferringPage('/oversikt?tekst=sted/4')).toBeNull();
    expect(locationIdFromReferringPage('/sted/abc')).toBeNull();
    expect(locationIdFromReferringPage(undefined)).toBeNull();
  });
});
