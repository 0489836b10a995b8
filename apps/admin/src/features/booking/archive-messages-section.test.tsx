import { describe, expect, it } from 'vitest';
import { configure, screen, within } from '@testing-library/react';
import { buildAdminBooking } from '../../testing/admin-booking';
import { setUpAdminTests } from '../../testing/admin-test-setup';
import { renderAdmin, siri } from '../../testing/render-admin';
import { stubApi } from '../../testing/stub-api';

configure({ asyncUtilTimeout: 5000 });
setUpAdminTests({ scrollTo: 'stub' });

const message = {
  caseNumber: 'LOK-2026-00005',
  createdTimeUtc: '2026-03-02T09:30:00.000Z',
  sentTimeUtc: null,
  nextAttemptTimeUtc: null,
  attempts: 0,
  lastError: null,
  receiptId: null,
};

describe('the archive section of the admin booking view (decision 056)', () => {
  it("shows each journal post's state: sent with its time, failed with the next attempt and the archive's reason, waiting", async () => {
    stubApi({
      '/api/currentuser/adminlocations': [{ id: 7, name: 'Bjølsen skole' }],
      'GET /api/booking/5': buildAdminBooking({ status: 'APPROVED' }),
      '/api/booking-log/5/changes': [],
      '/api/booking-log/5/email-reminders': [],
      'GET /api/booking/5/comment': { comment: '' },
      '/api/booking-log/5/archive-messages': [
        { ...message, id: 1, kind: 'application', status: 'SENT', sentTimeUtc: '2026-03-02T09:31:00.000Z', attempts: 1, receiptId: 'r1' },
        {
          ...message,
          id: 2,
          kind: 'vedtak',
          status: 'RETRYING',
          attempts: 3,
          nextAttemptTimeUtc: '2026-03-03T10:15:00.000Z',
          lastError: 'Arkivet svarte 503',
        },
        { ...message, id: 3, kind: 'contract', status: 'PENDING', nextAttemptTimeUtc: '2026-03-03T10:00:00.000Z' },
      ],
    });
    renderAdmin('/admin/soknader/5', { user: siri });
    expect(await screen.findByRole('heading', { level: 2, name: 'Arkiv' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Meldinger til arkivet med saksnummer LOK-2026-00005' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      'Søknad02.03.2026 10:30Sendt til arkivet 02.03.2026 10:31',
      'Vedtak02.03.2026 10:30Feilet – prøves igjen 03.03.2026 11:15: Arkivet svarte 503',
      'Signert kontrakt02.03.2026 10:30Venter',
    ]);
  });

  it('says so when nothing has been sent to the archive', async () => {
    stubApi({
      '/api/currentuser/adminlocations': [{ id: 7, name: 'Bjølsen skole' }],
      'GET /api/booking/5': buildAdminBooking(),
      '/api/booking-log/5/changes': [],
      '/api/booking-log/5/email-reminders': [],
      'GET /api/booking/5/comment': { comment: '' },
      '/api/booking-log/5/archive-messages': [],
    });
    renderAdmin('/admin/soknader/5', { user: siri });
    expect(await screen.findByText('Ingenting om denne søknaden er sendt til arkivet.')).toBeInTheDocument();
  });
});
