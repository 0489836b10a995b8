/**
 * Spec 01 §2 "Send-button label by context": what the button that sends a booking form says. The
 * spec gives the meaning in English; these are the Norwegian labels the portal and admin show.
 * Without login the label says so, and pressing it goes through the login gate ('Logger deg inn').
 */
export const sendContexts = ['NEW_BOOKING', 'NEW_INTERNAL_ACTIVITY', 'NEW_ON_BEHALF_BOOKING', 'CHANGE_BOOKING'] as const;
export type SendContext = (typeof sendContexts)[number];

export const sendButtonLabels: Record<SendContext, string> = {
  NEW_BOOKING: 'Send søknad',
  NEW_INTERNAL_ACTIVITY: 'Gå videre',
  NEW_ON_BEHALF_BOOKING: 'Gå videre',
  CHANGE_BOOKING: 'Registrer endringer',
};

export const LOGIN_SUFFIX = ' (logg inn)';

export function sendButtonLabel(context: SendContext, { isAuthenticated }: { isAuthenticated: boolean }): string {
  const label = sendButtonLabels[context];
  return isAuthenticated ? label : `${label}${LOGIN_SUFFIX}`;
}
