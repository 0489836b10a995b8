import { messages } from '@lokaler/domain/api-error';
import {
  categoriesWithLocation,
  locationPrompt,
  supportCategoryLabels,
  supportMessageText,
  type SupportRequest,
  type SupportResponse,
} from '@lokaler/domain/support-request';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { enqueueMail } from '../../integrations/mail/outbox';
import { supportInquiryMail } from './support-inquiry-mail';
import { findSettingValue } from '../settings/repository';
import { findLocationContact, insertSupportInquiry } from './repository';
import { writeTransaction } from '../../db/write-transaction';

/**
 * Where inquiries go that no location answers (technical, other, or a location without an e-mail
 * address). A constant until the server's configuration has a setting for it.
 */
export const CENTRAL_SUPPORT_ADDRESS = 'lokaler-support@oslo.kommune.no';

/**
 * POST /api/support: stores the inquiry and queues it, in the same transaction, for the location's
 * contact address (LOCATION, BOOKING) or the central support address (TECHNICAL, OTHER). Only while
 * the setting CONTACT_US is ENABLED, as the contact page itself.
 */
export async function sendSupportInquiry({ db, request }: { db: Db; request: SupportRequest }): Promise<SupportResponse> {
  if ((await findSettingValue(db, 'CONTACT_US')) !== 'ENABLED') {
    throw new AppError('NOT_FOUND', 'The contact form is turned off (setting CONTACT_US)', 'Kontaktskjemaet er ikke tilgjengelig.');
  }
  const location = request.locationId === undefined ? null : await findLocationContact(db, request.locationId);
  if (request.locationId !== undefined && (!location || location.status === 'DELETED')) {
    throw new AppError('VALIDATION', `Unknown location ${request.locationId}`, messages.invalidInput, {
      fields: [{ path: 'body.locationId', message: locationPrompt }],
    });
  }
  const toLocation = categoriesWithLocation.has(request.category) && location?.contactEmail;
  const recipient = toLocation ? location.contactEmail! : CENTRAL_SUPPORT_ADDRESS;
  const message = supportMessageText(request);
  const label = supportCategoryLabels[request.category];
  return writeTransaction(db, async (tx) => {
    const id = await insertSupportInquiry(tx, {
      category: request.category,
      userEmail: request.userEmail,
      message,
      locationId: location?.id ?? null,
    });
    await enqueueMail(
      tx,
      supportInquiryMail({
        to: recipient,
        inquiryId: id,
        categoryLabel: label,
        locationName: location?.name ?? null,
        replyTo: request.userEmail,
        message,
      }),
    );
    return { id };
  });
}
