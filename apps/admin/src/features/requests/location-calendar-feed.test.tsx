import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { axeViolations } from '../../testing/axe-check';
import { renderInApp } from '../../testing/render-in-app';
import { installBrowserPolyfills, stubApi } from '../../testing/stub-api';
import { LocationCalendarFeed } from './location-calendar-feed';

beforeEach(() => installBrowserPolyfills());
afterEach(() => vi.unstubAllGlobals());

const feed = (secret: string) => ({
  kind: 'LOCATION',
  name: 'Sagene skole',
  organizationNumber: null,
  locationId: 7,
  url: `http://localhost:3000/api/calendar/3-${secret.padEnd(43, 'x')}.ics`,
});

describe("the location's calendar feed under the week calendar", () => {
  it('fetches (and so makes) the URL only when opened, and rotates it after the confirmation', async () => {
    let secret = 'first';
    const api = stubApi({
      'GET /api/admin/location/7/calendar-feed': () => feed(secret),
      'POST /api/admin/location/7/calendar-feed/rotate': () => {
        secret = 'second';
        return feed(secret);
      },
    });
    renderInApp(<LocationCalendarFeed locationId={7} />);
    const summary = await screen.findByText('Abonner på lokalets kalender');
    expect(api.callsTo('GET', '/api/admin/location/7/calendar-feed')).toHaveLength(0);

    await userEvent.click(summary);
    const region = await screen.findByRole('region', { name: 'Lokalets kalender' });
    expect(within(region).getByRole('textbox', { name: /Lenke til kalenderen/ })).toHaveValue(feed('first').url);
    expect(screen.getByText(/men ikke navn eller kontaktinformasjon til privatpersoner/)).toBeInTheDocument();
    expect(await axeViolations()).toEqual([]);

    await userEvent.click(within(region).getByRole('button', { name: 'Lag ny lenke' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Ja, lag ny lenke' }));
    await waitFor(() => expect(within(region).getByRole('textbox', { name: /Lenke til kalenderen/ })).toHaveValue(feed('second').url));
    expect(api.callsTo('POST', '/api/admin/location/7/calendar-feed/rotate')).toHaveLength(1);
  });
});
