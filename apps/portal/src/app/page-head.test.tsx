import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { resetApiClient } from '@lokaler/api-client/api-fetch';
import { setAppName } from '@lokaler/ui/page-title';
import { buildLocation } from '../testing/factories';
import { renderPortal, stubApi } from '../testing/render-portal';
import { buildRoom } from '../testing/room-factories';

/**
 * Decision 018: every public page has its own title and meta description (what a search engine
 * and a browser tab show), in <head>, one of each, replaced — never added to — when the page changes.
 */

const school = buildLocation({
  id: 7,
  name: 'Tøyen skole',
  publicLocationType: 'SCHOOLS',
  geographicAreaId: 'gamle-oslo',
  geographicAreaName: 'Gamle Oslo',
});
const gym = buildRoom({ id: 11, name: 'Gymsal', displayName: 'Gymsal (G1)', locationId: 7, locationName: 'Tøyen skole' });

// The web project shares one module graph per worker (isolate: false): give the next file the default name back.
beforeAll(() => setAppName('Oslo kommune'));
afterAll(() => setAppName('Lokaler'));
beforeEach(() => {
  localStorage.clear();
  resetApiClient();
  vi.stubGlobal('scrollTo', vi.fn());
  stubApi({
    '/api/location': [school],
    '/api/geographicareas': [{ id: 'gamle-oslo', name: 'Gamle Oslo' }],
    '/api/location/7': school,
    '/api/location/7/bookableassets': [gym],
    '/api/about/7': { whoCanApply: null, locationCosts: null, loanCriteria: null },
    '/api/bookableasset': [gym],
  });
});
afterEach(() => vi.unstubAllGlobals());

/** What the browser's <head> says now: every title and every description, so a duplicate shows. */
const head = () => ({
  titles: [...document.querySelectorAll('title')].map((t) => t.textContent),
  descriptions: [...document.querySelectorAll('meta[name="description"]')].map((m) => m.getAttribute('content')),
});

describe('the public pages’ titles and descriptions', () => {
  const pages: { url: string; heading: string; title: string; description: RegExp }[] = [
    {
      url: '/',
      heading: 'Finn lokaler til lån og leie',
      title: 'Finn lokaler til lån og leie – Oslo kommune',
      description: /^Lån eller lei Oslo kommunes lokaler: bydelslokaler, skoler, biblioteker og barnehager\./,
    },
    {
      url: '/oversikt',
      heading: 'Lokaler til lån og leie',
      title: 'Lokaler til lån og leie – Oslo kommune',
      description: /^Både privatpersoner og organisasjoner kan låne eller leie kommunens lokaler\./,
    },
    {
      url: '/oversikt?kategorier=skoler',
      heading: 'Lån av skolelokaler',
      title: 'Lån av skolelokaler – Oslo kommune',
      description: /^Skolene låner ut gymsaler, aulaer, kantiner og klasserom/,
    },
    {
      url: '/sted/7',
      heading: 'Tøyen skole',
      title: 'Tøyen skole – Oslo kommune',
      description: /^Rom til lån og leie på Tøyen skole i bydel Gamle Oslo: /,
    },
    {
      url: '/portal',
      heading: 'Finn lokaler etter ønsket aktivitet',
      title: 'Finn lokaler etter ønsket aktivitet – Oslo kommune',
      description: /^Finn ledige rom i Oslo kommunes skoler, bydelslokaler, biblioteker/,
    },
    {
      url: '/portal?searchType=list&loanType=singleLoan&date=2030-03-05&duration=PT1H',
      heading: 'Ledige rom',
      title: 'Ledige rom – Oslo kommune',
      description: /^Finn ledige rom i Oslo kommunes/,
    },
    {
      url: '/lokale/7',
      heading: 'Tøyen skole',
      title: 'Tøyen skole – Oslo kommune',
      description: /^Ledige tider i rommene på Tøyen skole\. Velg rom og tider/,
    },
    {
      url: '/ressurs?ressurs=11',
      heading: 'Velg tidspunkt',
      title: 'Velg tidspunkt – Oslo kommune',
      description: /^Velg dager og tider i kalenderen for rommene du vil låne eller leie/,
    },
    {
      url: '/kontakt-oss',
      heading: 'Kontakt oss',
      title: 'Kontakt oss – Oslo kommune',
      description: /^Spørsmål om å låne eller leie Oslo kommunes lokaler/,
    },
  ];

  it.each(pages)('$url has the title "$title" and its own description', async ({ url, heading, title, description }) => {
    renderPortal(url);
    await screen.findByRole('heading', { level: 1, name: heading });
    await waitFor(() => expect(head().titles).toEqual([title]));
    expect(document.title).toBe(title);
    expect(head().descriptions).toHaveLength(1);
    expect(head().descriptions[0]).toMatch(description);
    // Short enough to be shown whole in a search result.
    expect(head().descriptions[0]!.length).toBeLessThanOrEqual(160);
  });

  it('replaces the title and description on navigation, and a page without a description leaves none behind', async () => {
    const { router } = renderPortal('/');
    await screen.findByRole('heading', { level: 1, name: 'Finn lokaler til lån og leie' });

    await act(() => router.navigate('/oversikt?kategorier=skoler'));
    await screen.findByRole('heading', { level: 1, name: 'Lån av skolelokaler' });
    await waitFor(() => expect(head().titles).toEqual(['Lån av skolelokaler – Oslo kommune']));
    expect(head().descriptions).toEqual([expect.stringMatching(/^Skolene låner ut/)]);

    // 'Mine bookinger' logged out: the login gate sets only its title.
    await act(() => router.navigate('/bookinger'));
    await screen.findByRole('heading', { level: 1, name: 'Logg inn for å se bookingene dine' });
    await waitFor(() => expect(head().titles).toEqual(['Logg inn – Oslo kommune']));
    expect(head().descriptions).toEqual([]);

    await act(() => router.navigate('/'));
    await screen.findByRole('heading', { level: 1, name: 'Finn lokaler til lån og leie' });
    await waitFor(() => expect(head().titles).toEqual(['Finn lokaler til lån og leie – Oslo kommune']));
    expect(head().descriptions).toHaveLength(1);
  });
});
