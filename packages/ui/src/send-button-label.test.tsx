import { describe, expect, it } from 'vitest';
import { sendButtonLabel } from './send-button-label';

describe('sendButtonLabel (spec 01 §2 "Send-button label by context")', () => {
  it.each([
    ['NEW_BOOKING', 'Send søknad'],
    ['NEW_INTERNAL_ACTIVITY', 'Gå videre'],
    ['NEW_ON_BEHALF_BOOKING', 'Gå videre'],
    ['CHANGE_BOOKING', 'Registrer endringer'],
  ] as const)('%s says %s for a logged-in person', (context, label) => {
    expect(sendButtonLabel(context, { isAuthenticated: true })).toBe(label);
  });

  it("adds ' (logg inn)' when the person is not logged in", () => {
    expect(sendButtonLabel('NEW_BOOKING', { isAuthenticated: false })).toBe('Send søknad (logg inn)');
    expect(sendButtonLabel('CHANGE_BOOKING', { isAuthenticated: false })).toBe('Registrer endringer (logg inn)');
  });
});
