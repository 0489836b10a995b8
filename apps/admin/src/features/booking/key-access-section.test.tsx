import { describe, expect, it } from 'vitest';
import { configure, screen, within } from '@testing-library/react';
import { adminKeyAccessDisplay, adminKeyAccessStates } from '@lokaler/domain/key-access-state';
import { buildAdminBooking } from '../../testing/admin-booking';
import { setUpAdminTests } from '../../testing/admin-test-setup';
import { renderAdmin, siri } from '../../testing/render-admin';
import { stubApi } from '../../testing/stub-api';

configure({ asyncUtilTimeout: 5000 });

function stubBooking(keyAccess: ReturnType<typeof buildAdminBooking>['keyAccess']) {
  return stubApi({
    '/api/currentuser/adminlocations': [{ id: 7, name: 'Bjølsen skole' }],
    'GET /api/booking/5': buildAdminBooking({ status: 'APPROVED', keyAccess }),
    '/api/booking-log/5/changes': [],
    '/api/booking-log/5/email-reminders': [],
    'GET /api/booking/5/comment': { comment: '' },
  });
}

setUpAdminTests({ scrollTo: 'stub' });

describe('the key section of the admin booking view', () => {
  it('shows each shared number, in groups of two digits, with its state as a coloured tag', async () => {
    const numbers = adminKeyAccessStates.map((state, i) => ({
      id: i + 1,
      phoneNumber: `4123456${i}`,
      requestStatus: 'NOT_REQUESTED' as const,
      state,
    }));
    stubBooking({ hasOslonokkelen: true, numbers });
    renderAdmin('/admin/soknader/5', { user: siri });
    expect(await screen.findByRole('heading', { level: 2, name: 'Digital nøkkel (Oslonøkkelen)' })).toBeInTheDocument();
    const items = within(screen.getByRole('list', { name: 'Telefonnumre med tilgang' })).getAllByRole('listitem');
    expect(items).toHaveLength(8);
    adminKeyAccessStates.forEach((state, i) => {
      expect(items[i]).toHaveTextContent(`41 23 45 6${i}`);
      const tag = within(items[i]!).getByText(adminKeyAccessDisplay[state].label);
      expect(tag).toHaveAttribute('data-color', adminKeyAccessDisplay[state].colour);
    });
    expect(within(items[7]!).getByText('Tilgang gitt')).toHaveAttribute('data-color', 'success');
    expect(within(items[6]!).getByText('Venter på signert kontrakt')).toBeInTheDocument();
  });

  it('says so when a key room has no shared numbers', async () => {
    stubBooking({ hasOslonokkelen: true, numbers: [] });
    renderAdmin('/admin/soknader/5', { user: siri });
    expect(await screen.findByText('Søkeren har ikke delt tilgang med noe telefonnummer.')).toBeInTheDocument();
  });

  it('is not shown for a booking without a key room or numbers', async () => {
    stubBooking({ hasOslonokkelen: false, numbers: [] });
    renderAdmin('/admin/soknader/5', { user: siri });
    expect(await screen.findByRole('heading', { level: 1, name: 'Søknad LOK-2026-00005' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Digital nøkkel (Oslonøkkelen)' })).not.toBeInTheDocument();
  });
});
