import { mutationOptions } from '@tanstack/react-query';
import { supportResponse, type SupportRequest, type SupportResponse } from '@lokaler/domain/support-request';
import { apiFetch } from './api-fetch';

/** POST /api/support: the contact form (anonymous visitors may send it too). */
export function sendSupportInquiry(request: SupportRequest): Promise<SupportResponse> {
  return apiFetch('/api/support', { method: 'POST', body: request, schema: supportResponse });
}

/** Nothing cached depends on a sent inquiry, so there is nothing to invalidate. */
export const sendSupportInquiryMutation = () => mutationOptions({ mutationKey: ['support', 'send'], mutationFn: sendSupportInquiry });
