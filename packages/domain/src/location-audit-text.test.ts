import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { locationAuditActions, type LocationAuditAction } from './location-audit';
import { auditEntrySentences } from './location-audit-text';
import { fieldLabel } from './location-audit-labels';

const say = (action: LocationAuditAction, before: unknown, after: unknown) => auditEntrySentences({ action, before, after });
const hours = (...list: [number, string, string][]) => list.map(([weekday, opens, closes]) => ({ weekday, opens, closes }));

describe('the audit log in words (decision 064)', () => {
  it('says which weekday of the opening hours changed, added or removed, minutes only when not whole hours', () => {
    const before = { standard: hours([2, '16:00', '21:00'], [4, '08:00', '12:00']), periods: [] };
    const after = { standard: hours([2, '17:00', '21:00'], [6, '10:00', '14:00'], [1, '16:30', '24:00']), periods: [] };
    expect(say('OPENING_HOURS', before, after)).toEqual([
      'Åpningstid mandag lagt til: 16:30–24',
      'Åpningstid tirsdag endret fra 16–21 til 17–21',
      'Åpningstid torsdag fjernet (var 8–12)',
      'Åpningstid lørdag lagt til: 10–14',
    ]);
  });

  it('names the periods of opening hours: added, moved, their weekdays changed, removed', () => {
    const summer = { name: 'Sommer', fromDate: '2027-06-20', toDate: '2027-08-10', hours: hours([1, '10:00', '14:00']) };
    const winter = { name: 'Jul', fromDate: '2026-12-20', toDate: '2027-01-02', hours: [] };
    expect(say('OPENING_HOURS', { standard: [], periods: [winter] }, { standard: [], periods: [summer] })).toEqual([
      'Periode «Jul» (20. desember 2026–2. januar 2027) fjernet',
      'Periode «Sommer» (20. juni–10. august 2027) lagt til: mandag 10–14',
    ]);
    const moved = { ...summer, toDate: '2027-08-17', hours: hours([1, '10:00', '15:00'], [1, '17:00', '20:00']) };
    expect(say('OPENING_HOURS', { standard: [], periods: [summer] }, { standard: [], periods: [moved] })).toEqual([
      'Periode «Sommer» endret fra 20. juni–10. august 2027 til 20. juni–17. august 2027',
      'Åpningstid mandag i perioden «Sommer» endret fra 10–14 til 10–15 og 17–20',
    ]);
  });

  it('property: the sentences name exactly the weekdays whose hours differ', () => {
    const interval = fc.record({
      weekday: fc.integer({ min: 1, max: 7 }),
      opens: fc.constantFrom('08:00', '10:30', '16:00'),
      closes: fc.constantFrom('21:00', '22:15', '24:00'),
    });
    const names = ['mandag', 'tirsdag', 'onsdag', 'torsdag', 'fredag', 'lørdag', 'søndag'];
    fc.assert(
      fc.property(fc.array(interval, { maxLength: 5 }), fc.array(interval, { maxLength: 5 }), (a, b) => {
        const sentences = say('OPENING_HOURS', { standard: a, periods: [] }, { standard: b, periods: [] });
        const key = (list: typeof a, day: number) =>
          list
            .filter((i) => i.weekday === day)
            .map((i) => `${i.opens}-${i.closes}`)
            .sort()
            .join();
        const changed = [1, 2, 3, 4, 5, 6, 7].filter((d) => key(a, d) !== key(b, d)).map((d) => names[d - 1]);
        const named = sentences.filter((s) => s.startsWith('Åpningstid ')).map((s) => s.split(' ')[1]);
        expect(named).toEqual(changed);
        if (changed.length === 0) expect(sentences).toEqual(['Åpningstider endret']);
      }),
    );
  });

  it('writes closed dates in Norwegian with their reason', () => {
    expect(say('CLOSED_DATES_ADDED', null, { id: 3, fromDate: '2027-05-17', toDate: '2027-05-17', reason: 'Nasjonaldag' })).toEqual([
      'Stengt dato 17. mai 2027 lagt til (Nasjonaldag)',
    ]);
    expect(say('CLOSED_DATES_REMOVED', { id: 3, fromDate: '2027-07-01', toDate: '2027-07-31', reason: '' }, null)).toEqual([
      'Stengte datoer 1. juli–31. juli 2027 fjernet',
    ]);
  });

  it('describes rooms: created, deleted, each changed field by name, hidden, tags counted', () => {
    const room = {
      id: 9,
      name: 'Gymsal',
      capacity: 60,
      allowSingleBookingsForPublicUser: true,
      tagIds: [1, 2],
      status: 'PUBLISHED',
      hasOslonokkelen: false,
      assetTypeId: 1,
    };
    expect(say('ROOM_ADDED', null, room)).toEqual(['Rommet «Gymsal» opprettet']);
    expect(say('ROOM_DELETED', room, null)).toEqual(['Rommet «Gymsal» slettet']);
    const changed = {
      ...room,
      capacity: 80,
      allowSingleBookingsForPublicUser: false,
      tagIds: [2, 3, 4],
      status: 'UNPUBLISHED',
      hasOslonokkelen: true,
      assetTypeId: 2,
    };
    expect(say('ROOM_CHANGED', room, changed)).toEqual([
      'Kapasitet for «Gymsal» endret fra 60 til 80',
      '«Innbyggere kan søke om enkelttider» slått av for «Gymsal»',
      'Egenskaper for «Gymsal» endret: 2 lagt til, 1 fjernet',
      'Rommet «Gymsal» er skjult i portalen',
      '«Digital nøkkel (Oslonøkkelen)» slått på for «Gymsal»',
      'Romtype for «Gymsal» endret',
    ]);
    expect(say('ROOM_CHANGED', room, { ...room, name: 'Gymsal A', squareMeters: 120.5 })).toEqual([
      'Rommet «Gymsal» har fått nytt navn: «Gymsal A»',
      'Areal (m²) for «Gymsal» satt til 120,5',
    ]);
  });

  it('describes the location: created, its fields, preferences, publishing, invitations', () => {
    expect(
      say('LOCATION_CREATED', null, {
        name: 'Bjølsen skole',
        publicLocationType: 'SCHOOLS',
        geographicAreaId: 3,
        adminEmail: 'kari@oslo.kommune.no',
      }),
    ).toEqual(['Lokalet «Bjølsen skole» opprettet', 'Administrator kari@oslo.kommune.no invitert']);
    expect(
      say(
        'LOCATION_INFO',
        { companyCode: null, phoneNumber: '22 00 00 00', informationMessage: '<p>Gammel</p>', lat: 59.9, lng: 10.7 },
        { companyCode: '1234', phoneNumber: null, informationMessage: '<p>Ny</p>', lat: 59.95, lng: 10.7 },
      ),
    ).toEqual([
      'Firmakode satt til «1234»',
      'Telefonnummer fjernet (var «22 00 00 00»)',
      'Informasjonsmelding endret',
      'Posisjonen på kartet endret',
    ]);
    expect(say('PREFERENCES', { behandlingstid: 14, displayInPortal: true }, { behandlingstid: 10, displayInPortal: false })).toEqual([
      'Behandlingstid (dager) endret fra 14 til 10',
      '«Vis lokalet i portalen» slått av',
    ]);
    expect(say('PUBLISHED', { status: 'UNPUBLISHED' }, { status: 'PUBLISHED' })).toEqual(['Lokalet publisert']);
    expect(
      say(
        'INVITATION_RESENT',
        { expiresTimeUtc: '2026-12-01T10:00:00.000Z' },
        { email: 'kari@x.no', invitation: 4, expiresTimeUtc: '2026-12-12T23:30:00.000Z' },
      ),
    ).toEqual(['Invitasjonen til kari@x.no sendt på nytt, gyldig til 13. desember 2026']);
  });

  it('describes rules with the city-wide value for an empty limit, texts by name, practical information by part', () => {
    expect(
      say(
        'BOOKING_RULES',
        { REQUIRE_CONTRACT: false, MAX_ROOMS_PER_APPLICATION: null, MAX_PENDING_HOURS: 10 },
        { REQUIRE_CONTRACT: true, MAX_ROOMS_PER_APPLICATION: 3, MAX_PENDING_HOURS: null },
      ),
    ).toEqual([
      '«Krev kontrakt» slått på',
      'Maks rom per søknad endret fra «byens standardverdi» til 3',
      'Maks timer til behandling per søker og semester endret fra 10 til «byens standardverdi»',
    ]);
    expect(say('ABOUT_TEXTS', { whoCanApply: '' }, { whoCanApply: '<p>Alle</p>' })).toEqual(['Teksten «Hvem kan søke» skrevet']);
    const link = { url: 'https://oslo.kommune.no', linkText: 'Oslo' };
    expect(say('TENANT_INFO', { heading: 'A', description: 'x', links: [link] }, { heading: 'B', description: 'y', links: [] })).toEqual([
      'Overskrift endret fra «A» til «B»',
      'Beskrivelsen endret',
      'Lenken «Oslo» (https://oslo.kommune.no) fjernet',
    ]);
  });

  it('describes administrators and blocked times', () => {
    expect(say('ADMIN_ADDED', null, { email: 'kari@x.no' })).toEqual(['Administrator kari@x.no lagt til']);
    expect(say('ADMINS_REMOVED', { emails: ['a@x.no', 'b@x.no'] }, null)).toEqual([
      'Administrator a@x.no fjernet',
      'Administrator b@x.no fjernet',
    ]);
    expect(
      say(
        'BLOCKED_TIMES',
        { bookableAssetId: 9, name: 'Gymsal', dates: { '2027-05-17': ['16:00–18:00'], '2027-05-18': [] } },
        { bookableAssetId: 9, name: 'Gymsal', dates: { '2027-05-17': [], '2027-05-18': ['08:00–09:30'] } },
      ),
    ).toEqual(['Blokkert tid for «Gymsal» 17. mai 2027 fjernet (var 16–18)', 'Blokkert tid for «Gymsal» 18. mai 2027 lagt til: 8–9:30']);
  });

  it('names an unknown field in words and never shows JSON, whatever the stored data', () => {
    expect(fieldLabel('someNewField')).toBe('Some new field');
    expect(say('PREFERENCES', { someNewField: 1 }, { someNewField: 2 })).toEqual(['Some new field endret fra 1 til 2']);
    // Text without JSON's own marks: a stored text that holds `{"` is shown as the text it is, quoted.
    const json = fc.jsonValue({ maxDepth: 3, stringUnit: fc.constantFrom(...'abc æøå-.,0123'.split('')) });
    fc.assert(
      fc.property(fc.constantFrom(...locationAuditActions), json, json, (action, before, after) => {
        const sentences = say(action, before, after);
        expect(sentences.length).toBeGreaterThan(0);
        for (const s of sentences) {
          expect(s.trim()).not.toBe('');
          expect(s).not.toMatch(/[{[]"|":|\[object/);
        }
      }),
      { numRuns: 300 },
    );
  });
});
