import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { stubApi } from '../../../testing/render-portal';
import { buildUserBooking } from './booking-factories';
import { json, kariRoles } from './setup';

/** The wedding wizard's web tests share these: the prefill, a fake server that remembers, and filling the steps. */

export const prefill = {
  bookingId: 42,
  applicantName: 'Kari Nordmann',
  applicantEmail: 'kari.nordmann@example.no',
  applicantPhoneNo: '41234567',
  timesAndAssetsNoLongerFree: false,
  holdExpiresAtUtc: '2030-01-01T12:30:00Z',
  submitted: false,
};
export const sentForm = {
  bookingId: 42,
  submittedAtUtc: '2030-01-01T12:10:00Z',
  answers: null,
  proevingsattestFile: null,
  proevingsattestFileAddedTimeUtc: null,
};
export const step = (name: string) => `/ny-booking/vielse/${name}?bookingId=42`;

/** The fake server remembers what the wizard did: after a submit or an autoreject, the prefill says so (as the real one does). */
export function stubWizard(extra: Record<string, unknown> = {}) {
  let now = { ...prefill };
  const submit = extra['/api/user/form/wedding'] as ((r: unknown) => Response) | undefined;
  return stubApi({
    '/api/currentuser/roles': kariRoles,
    '/api/user/form/wedding/prefill/42': () => json(now),
    '/api/user/booking/42/autoreject': () => {
      now = { ...now, timesAndAssetsNoLongerFree: true };
      return json({ bookingId: 42, status: 'AUTOREJECTED', internalEventTitle: null });
    },
    // Decision 038: the page says when it opens (the hold as it stands) and when it goes away.
    '/api/user/form/wedding/42/wizard-open': () => json({ holdExpiresAtUtc: now.holdExpiresAtUtc }),
    '/api/user/form/wedding/42/wizard-left': () => new Response(null, { status: 204 }),
    '/api/user/booking': [],
    '/api/user/booking/42': buildUserBooking({ bookingId: 42, sourceForm: 'wedding' }),
    ...extra,
    ...(submit && {
      '/api/user/form/wedding': (request: unknown) => {
        const answer = submit(request);
        if (answer.status === 201) now = { ...now, submitted: true };
        return answer;
      },
    }),
  });
}

export const stepHeading = (n: number, title: string) => screen.findByRole('heading', { level: 2, name: `Steg ${n} av 3: ${title}` });
export const next = () => userEvent.click(screen.getByRole('button', { name: 'Neste' }));
export const errorSummary = () => screen.findByText('For å gå videre må du rette opp følgende feil:');

export async function fillInformasjon() {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Adresse'), '  Storgata 1  ');
  await user.type(screen.getByLabelText('Postnummer'), '0155');
  await user.type(screen.getByLabelText('Poststed'), 'Oslo');
  await user.type(screen.getByLabelText('Navn på kommende ektefelle'), 'Ola Nordmann');
  await user.type(screen.getByLabelText('E-post til kommende ektefelle'), 'ola@example.no');
  await user.type(screen.getByLabelText('Telefonnummer til kommende ektefelle'), '98765432');
}

export async function fillGjennomforing() {
  const user = userEvent.setup();
  const group = (legend: string | RegExp) => within(screen.getByRole('group', { name: legend }));
  await user.click(group('Hvilket språk skal vielsen være på?').getByLabelText('Norsk'));
  await user.click(group('Trenger dere tolk?').getByLabelText('Ja'));
  await user.selectOptions(screen.getByLabelText('Språk for tolken'), 'polsk');
  await user.click(group('Hvilket språk vil dere at vi kontakter dere på?').getByLabelText('Engelsk'));
  await user.click(group(/^Ønsker dere et kulturelt innslag/).getByLabelText('Ja'));
  await user.type(screen.getByLabelText('Beskriv det kulturelle innslaget'), 'En sang');
  await user.click(group(/^Trenger dere tilrettelegging\?/).getByLabelText('Nei'));
  await user.click(group(/^Vil du sende prøvingsattesten nå\?/).getByLabelText('Nei'));
}
