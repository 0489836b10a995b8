import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { setUpAdminTests } from '../../testing/admin-test-setup';
import { axeViolations } from '../../testing/axe-check';
import { renderAdmin, siri } from '../../testing/render-admin';
import { roundDetailOf, roundSummaryOf } from '../../testing/rounds';
import { jsonResponse, stubApi } from '../../testing/stub-api';

const rolesOf = (roles: string[]) => ({ userId: 1, name: 'Siri Saksbehandler', email: 'siri@oslo.kommune.no', portal: 'ADMIN', roles });
const ownLocations = [
  { id: 7, name: 'Bjølsen skole' },
  { id: 8, name: 'Sagene skole' },
];
const summaryHeading = 'For å opprette runden må du rette opp følgende feil:';

function stubForm(overrides: Record<string, unknown> = {}) {
  return stubApi({
    '/api/currentuser/roles': rolesOf(['ADMIN']),
    '/api/currentuser/adminlocations': ownLocations,
    'POST /api/admin/rounds': jsonResponse(201, roundSummaryOf({ id: 9 })),
    'GET /api/admin/rounds/9': roundDetailOf({ id: 9 }),
    ...overrides,
  });
}

async function fillDates(
  user: UserEvent,
  dates: { applicationStart: string; deadline: string; semesterStart: string; semesterEnd: string },
) {
  const fields: [string, string][] = [
    ['Søknadsperioden starter', dates.applicationStart],
    ['Søknadsfrist', dates.deadline],
    ['Semesteret starter', dates.semesterStart],
    ['Semesteret slutter', dates.semesterEnd],
  ];
  for (const [label, value] of fields) {
    const input = screen.getByRole('textbox', { name: label });
    await user.clear(input);
    await user.type(input, value);
  }
}

const goodDates = { applicationStart: '2026-11-01', deadline: '2026-12-01', semesterStart: '2027-01-04', semesterEnd: '2027-06-18' };

setUpAdminTests();

describe("the new round's form", () => {
  it('opens a round for the chosen locations and goes to its page', async () => {
    const user = userEvent.setup();
    const api = stubForm();
    renderAdmin('/admin/soknadsrunder/ny', { user: siri });
    await user.type(await screen.findByRole('textbox', { name: /Navn på runden/ }), '  Skolelokaler våren 2027 ');
    await fillDates(user, goodDates);
    const locations = screen.getByRole('group', { name: /Steder/ });
    await user.click(within(locations).getByRole('checkbox', { name: 'Sagene skole' }));
    expect(screen.getByText('1 sted valgt')).toBeInTheDocument();
    // The round's limits per applicant start from the defaults; one is changed.
    expect(screen.getByRole('textbox', { name: 'Maks søknader per søker i runden' })).toHaveValue('5');
    const hours = screen.getByRole('textbox', { name: 'Maks timer per uke per søker i runden' });
    expect(hours).toHaveValue('20');
    await user.clear(hours);
    await user.type(hours, '8');
    expect(await axeViolations()).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Opprett søknadsrunde' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Skolelokaler våren 2027' })).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/admin/rounds').map((c) => c.body)).toEqual([
      { name: 'Skolelokaler våren 2027', ...goodDates, locationIds: [8], maxApplicationsPerApplicant: 5, maxWeeklyHoursPerApplicant: 8 },
    ]);
  });

  it('refuses a limit that is not a whole number from 1, on the field, and sends nothing', async () => {
    const user = userEvent.setup();
    const api = stubForm();
    renderAdmin('/admin/soknadsrunder/ny', { user: siri });
    await user.type(await screen.findByRole('textbox', { name: /Navn på runden/ }), 'Skolelokaler våren 2027');
    await fillDates(user, goodDates);
    await user.click(within(screen.getByRole('group', { name: /Steder/ })).getByRole('checkbox', { name: 'Sagene skole' }));
    const applications = screen.getByRole('textbox', { name: 'Maks søknader per søker i runden' });
    await user.clear(applications);
    await user.type(applications, '0');
    const hours = screen.getByRole('textbox', { name: 'Maks timer per uke per søker i runden' });
    await user.clear(hours);
    await user.type(hours, 'mange');
    await user.click(screen.getByRole('button', { name: 'Opprett søknadsrunde' }));
    expect(await screen.findAllByText('Skriv et tall fra 1 til 100')).not.toHaveLength(0);
    expect(screen.getAllByText('Skriv et helt tall')).not.toHaveLength(0);
    expect(applications).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo('POST', '/api/admin/rounds')).toEqual([]);
  });

  it('lists what is missing in the error summary, which takes the focus, and sends nothing', async () => {
    const user = userEvent.setup();
    const api = stubForm();
    renderAdmin('/admin/soknadsrunder/ny', { user: siri });
    await user.click(await screen.findByRole('button', { name: 'Opprett søknadsrunde' }));
    const summary = await screen.findByRole('heading', { name: summaryHeading });
    expect(summary.closest('[tabindex="-1"]')).toHaveFocus();
    const links = within(summary.closest('[tabindex="-1"]') as HTMLElement)
      .getAllByRole('link')
      .map((a) => a.textContent);
    expect(links).toEqual([
      'Gi runden et navn',
      'Velg datoen søknadsperioden starter',
      'Velg søknadsfristen',
      'Velg datoen semesteret starter',
      'Velg datoen semesteret slutter',
      'Velg minst ett sted',
    ]);
    expect(api.callsTo('POST', '/api/admin/rounds')).toEqual([]);
  });

  it("refuses a deadline after the semester's start with the contract's message", async () => {
    const user = userEvent.setup();
    const api = stubForm();
    renderAdmin('/admin/soknadsrunder/ny', { user: siri });
    await user.type(await screen.findByRole('textbox', { name: /Navn på runden/ }), 'Våren 2027');
    await fillDates(user, { ...goodDates, deadline: '2027-01-10', semesterEnd: '2026-12-31' });
    await user.click(screen.getByRole('checkbox', { name: 'Bjølsen skole' }));
    await user.click(screen.getByRole('button', { name: 'Opprett søknadsrunde' }));
    const summary = (await screen.findByRole('heading', { name: summaryHeading })).closest('[tabindex="-1"]') as HTMLElement;
    expect(
      within(summary)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Søknadsfristen må være før semesteret starter', 'Semesteret kan ikke slutte før det starter']);
    await user.click(within(summary).getByRole('link', { name: 'Søknadsfristen må være før semesteret starter' }));
    expect(screen.getByRole('textbox', { name: 'Søknadsfrist' })).toHaveFocus();
    expect(api.callsTo('POST', '/api/admin/rounds')).toEqual([]);
  });

  it("shows the server's 409 ROUND_OVERLAPS message in the summary, focused, and at the locations", async () => {
    const user = userEvent.setup();
    const message = 'Bjølsen skole har allerede en søknadsrunde som overlapper semesteret.';
    stubForm({ 'POST /api/admin/rounds': jsonResponse(409, { msg: 'overlaps', userMsg: message, code: 'ROUND_OVERLAPS' }) });
    renderAdmin('/admin/soknadsrunder/ny', { user: siri });
    await user.type(await screen.findByRole('textbox', { name: /Navn på runden/ }), 'Våren 2027');
    await fillDates(user, goodDates);
    await user.click(screen.getByRole('checkbox', { name: 'Bjølsen skole' }));
    await user.click(screen.getByRole('button', { name: 'Opprett søknadsrunde' }));

    const link = await screen.findByRole('link', { name: message });
    expect(screen.getByRole('heading', { name: summaryHeading }).closest('[tabindex="-1"]')).toHaveFocus();
    expect(within(screen.getByRole('group', { name: /Steder/ })).getByText(message)).toBeInTheDocument();
    await user.click(link);
    expect(screen.getByRole('checkbox', { name: 'Bjølsen skole' })).toHaveFocus();
    expect(screen.getByRole('heading', { level: 1, name: 'Ny søknadsrunde' })).toBeInTheDocument();
  });

  it("puts the server's field errors on their fields", async () => {
    const user = userEvent.setup();
    stubForm({
      'POST /api/admin/rounds': jsonResponse(400, {
        msg: 'invalid',
        code: 'VALIDATION_ERROR',
        userMsg: 'Skjemaet har feil.',
        fields: [{ path: 'body.name', message: 'Navnet er i bruk' }],
      }),
    });
    renderAdmin('/admin/soknadsrunder/ny', { user: siri });
    await user.type(await screen.findByRole('textbox', { name: /Navn på runden/ }), 'Våren 2027');
    await fillDates(user, goodDates);
    await user.click(screen.getByRole('checkbox', { name: 'Bjølsen skole' }));
    await user.click(screen.getByRole('button', { name: 'Opprett søknadsrunde' }));
    expect(await screen.findByRole('link', { name: 'Navnet er i bruk' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Navn på runden/ })).toHaveAccessibleDescription(/Navnet er i bruk/);
  });

  it('lets a city-wide administrator tick every school of a district at once', async () => {
    const user = userEvent.setup();
    const api = stubForm({
      '/api/currentuser/roles': rolesOf(['ADMIN', 'CITY_ADMIN']),
      '/api/currentuser/adminlocations': [],
      '/api/location': [
        {
          id: 7,
          name: 'Bjølsen skole',
          externalUrl: null,
          publicLocationType: 'SCHOOLS',
          geographicAreaId: 'sagene',
          geographicAreaName: 'Sagene',
        },
        {
          id: 8,
          name: 'Sagene skole',
          externalUrl: null,
          publicLocationType: 'SCHOOLS',
          geographicAreaId: 'sagene',
          geographicAreaName: 'Sagene',
        },
        {
          id: 9,
          name: 'Sagene samfunnshus',
          externalUrl: null,
          publicLocationType: 'DISTRICT_VENUES',
          geographicAreaId: 'sagene',
          geographicAreaName: 'Sagene',
        },
        {
          id: 10,
          name: 'Tøyen skole',
          externalUrl: null,
          publicLocationType: 'SCHOOLS',
          geographicAreaId: 'gamle-oslo',
          geographicAreaName: 'Gamle Oslo',
        },
      ],
    });
    renderAdmin('/admin/soknadsrunder/ny', { user: siri });
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Bydel' }), 'Sagene');
    await user.click(screen.getByRole('button', { name: 'Alle skoler i bydel Sagene' }));
    const checked = screen
      .getAllByRole('checkbox')
      .filter((c) => (c as HTMLInputElement).checked)
      .map((c) => c.getAttribute('value'));
    expect(checked).toEqual(['7', '8']);
    expect(screen.getByText('2 steder valgt')).toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: /Navn på runden/ }), 'Sagene-skolene våren 2027');
    await fillDates(user, goodDates);
    await user.click(screen.getByRole('button', { name: 'Opprett søknadsrunde' }));
    await screen.findByRole('heading', { level: 1, name: 'Skolelokaler våren 2027' });
    expect(api.callsTo('POST', '/api/admin/rounds')[0]?.body).toMatchObject({ locationIds: [7, 8] });
  });
});
