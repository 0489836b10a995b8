import { describe, expect, it } from 'vitest';
import { redactText, redactUrl, redactValue } from './redact-personal-data';

const JWT = 'eyJhbGciOiJSUzI1NiIsInR5cCI6ImF0K2p3dCJ9.eyJzdWIiOiJrYXJpIn0.c2lnbmF0dXJlLXBhcnQtb2YtdGhlLXRva2Vu';

describe('redactText', () => {
  it('redacts national identity numbers of 11 digits, also written 6 + 5', () => {
    expect(redactText('fnr 12088012345 lagret')).toBe('fnr [pid] lagret');
    expect(redactText('fnr 120880 12345.')).toBe('fnr [pid].');
    expect(redactText('Key (ssn)=(03097545811) already exists')).toBe('Key (ssn)=([pid]) already exists');
  });

  it('leaves longer digit runs, ids and ISO dates alone', () => {
    expect(redactText('at 1764192000123 ms')).toBe('at 1764192000123 ms');
    expect(redactText('org 912345678, booking 42, on 2026-11-26 at 10:15')).toBe('org 912345678, booking 42, on 2026-11-26 at 10:15');
  });

  it('redacts phone numbers: +47, 0047 and %2B47 with or without spaces, and 8-digit numbers', () => {
    expect(redactText('ring +4791234567 nå')).toBe('ring [phone] nå');
    expect(redactText('ring +47 912 34 567 nå')).toBe('ring [phone] nå');
    expect(redactText('ring 004791234567')).toBe('ring [phone]');
    expect(redactText('/api/x?p=%2B4791234567')).toBe('/api/x?p=[phone]');
    expect(redactText('mobil 91234567, fast 22 33 44 55, eller 412 34 567')).toBe('mobil [phone], fast [phone], eller [phone]');
  });

  it('redacts e-mail addresses in messages and in URLs, also URL-encoded', () => {
    expect(redactText('sent to Kari.Nordmann+lokaler@example.no.')).toBe('sent to [e-mail].');
    expect(redactText('/api/location/kari%40example.no/admins')).toBe('/api/location/[e-mail]/admins');
    expect(redactText('550 5.1.1 <ola@sub.example.com>: user unknown')).toBe('550 5.1.1 <[e-mail]>: user unknown');
  });

  it('redacts bearer tokens, basic credentials and anything that looks like a JWT', () => {
    expect(redactText('authorization: Bearer abc.DEF-123_x')).toBe('authorization: Bearer [redacted]');
    expect(redactText('Basic a2FyaTpoZW1tZWxpZw==')).toBe('Basic [redacted]');
    expect(redactText(`token ${JWT} refused`)).toBe('token [jwt] refused');
  });

  it('redacts secrets in query parameters', () => {
    expect(redactText('/auth/callback?code=s3cr3t&state=abc&iss=x')).toBe('/auth/callback?code=[redacted]&state=[redacted]&iss=x');
    expect(redactText('/idp/session/end?id_token_hint=whatever&post_logout_redirect_uri=y')).toBe(
      '/idp/session/end?id_token_hint=[redacted]&post_logout_redirect_uri=y',
    );
  });

  it('redacts opaque tokens in URL paths, not words or numeric ids', () => {
    expect(redactText('/api/verifiedbookingaccess/Zk3p9QmL2xV8rT1wYb7NcA')).toBe('/api/verifiedbookingaccess/[token]');
    expect(redactText('/api/bookableasset/firstandlastbookabledate')).toBe('/api/bookableasset/firstandlastbookabledate');
    expect(redactText('/api/booking/123/approve')).toBe('/api/booking/123/approve');
    // A calendar feed's secret URL (decision 024): the secret goes, the extension stays.
    expect(redactText('/api/calendar/12-abcdefghijklmnopqrstuvwxyz-_abcdefghijklmnop.ics')).toBe('/api/calendar/[token].ics');
    expect(redactText('/api/calendar/7-Zk3p9QmL2xV8rT1wYb7NcAZk3p9QmL2xV8rT1wYb7Nc.ics?x=1')).toBe('/api/calendar/[token].ics?x=1');
    expect(redactText('/api/client-settings/map.json')).toBe('/api/client-settings/map.json');
  });
});

describe('redactUrl', () => {
  it('drops the query string and the fragment, and redacts the path', () => {
    expect(redactUrl(`/api/user/booking?access_token=${JWT}&email=kari%40example.no`)).toBe('/api/user/booking');
    expect(redactUrl('/api/user/vedtak/12088012345#x')).toBe('/api/user/vedtak/[pid]');
  });
});

describe('redactValue', () => {
  it('redacts secret keys whatever their value, and strings by pattern, deep in objects and arrays', () => {
    expect(
      redactValue({
        headers: { authorization: 'x', cookie: 'lokaler_impersonation=1' },
        email: 'a',
        pid: '1',
        nested: [{ msg: 'til kari@example.no' }],
        count: 3,
      }),
    ).toEqual({
      headers: { authorization: '[redacted]', cookie: '[redacted]' },
      email: '[redacted]',
      pid: '[redacted]',
      nested: [{ msg: 'til [e-mail]' }],
      count: 3,
    });
  });
});
