import { describe, expect, it } from 'vitest';
import { isReadOnlyStatement } from './connection-retry';

/** Which lone statements the pool may run again after a lost connection (decision 043): reads only. */
describe('isReadOnlyStatement', () => {
  it.each([
    'select 1',
    '\n  select id, name from users where sub = $1',
    '(select 1) union (select 2)',
    '-- the calendars\nselect * from reservations',
    'with r as (select 1) select * from r',
    'select pg_xact_status($1::xid8) as status',
  ])('runs again: %s', (text) => {
    expect(isReadOnlyStatement(text)).toBe(true);
  });

  it.each([
    'insert into users (sub) values ($1)',
    'update users set name = $1',
    'delete from bookings',
    'with moved as (update reservations set status = $1 returning id) select * from moved',
    "select nextval('bookings_id_seq')",
    'select pg_advisory_lock(1)',
    'select * from bookings for update',
    'commit',
    'begin',
  ])('never runs again: %s', (text) => {
    expect(isReadOnlyStatement(text)).toBe(false);
  });
});
