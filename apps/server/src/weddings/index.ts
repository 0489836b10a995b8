// The weddings area's public entry: what other areas and the app's wiring may use (see README.md).
export { registerWeddingHoldExpiry } from './wedding-application/expire-wedding-holds';
export { weddingApplicationRoutes } from './wedding-application/routes';
export { findProevingsattestFile } from './wedding-certificate/repository';
export { weddingCertificateRoutes } from './wedding-certificate/routes';
export { registerCertificateReminders } from './wedding-certificate/send-certificate-reminders';
export { sendProevingsattest } from './wedding-certificate/send-proevingsattest';
export { anonymiseAnswersBefore, dropCertificatesBefore, forgetIdentityNumbersBefore } from './wedding-certificate/retention-repository';
export { forgetWeddingFormsOf, loadWeddingFormsOf } from './wedding-certificate/personal-data-repository';
