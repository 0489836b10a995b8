import { z } from 'zod';
import { locationInfoFields, type AdminLocationDetails } from '@lokaler/domain/admin-location';
import { UNKNOWN_AREA_ID } from '@lokaler/domain/geographic-area';
import { publicLocationType } from '@lokaler/domain/location';
import { numberOrNull, numberText, viaDomainSchema } from './form-schema';

/** Tags the information message may use; the server sanitises it (DOMPurify) and the portal again on display. */
export const allowedMessageTags = ['p', 'br', 'strong', 'em', 'ul', 'ol', 'li', 'a'] as const;

const coordinateMessage = 'Skriv inn et tall, for eksempel 59.91';

/** What the inputs of the location's fields hold: text everywhere, the position as two number fields. */
const locationInfoFormValues = z.object({
  name: z.string(),
  publicLocationType: publicLocationType,
  filterCategory: publicLocationType,
  geographicAreaId: z.string(),
  streetAddress: z.string(),
  postCode: z.string(),
  city: z.string(),
  phoneNumber: z.string(),
  contactEmail: z.string(),
  homepage: z.string(),
  externalUrl: z.string(),
  companyCode: z.string(),
  informationMessage: z.string(),
  lat: numberText(coordinateMessage),
  lng: numberText(coordinateMessage),
});
export type LocationInfoFormValues = z.input<typeof locationInfoFormValues>;

export const locationInfoFormSchema = viaDomainSchema(locationInfoFormValues, locationInfoFields, (v) => ({
  ...v,
  lat: numberOrNull(v.lat),
  lng: numberOrNull(v.lng),
}));

export function locationInfoFormDefaults(location: AdminLocationDetails): LocationInfoFormValues {
  const text = (v: string | null) => v ?? '';
  return {
    name: location.name,
    publicLocationType: location.publicLocationType,
    filterCategory: location.filterCategory,
    // 'unknown' (a location without a district) is never listed: the administrator must choose one.
    geographicAreaId: location.geographicAreaId === UNKNOWN_AREA_ID ? '' : location.geographicAreaId,
    streetAddress: text(location.streetAddress),
    postCode: text(location.postCode),
    city: text(location.city),
    phoneNumber: text(location.phoneNumber),
    contactEmail: text(location.contactEmail),
    homepage: text(location.homepage),
    externalUrl: text(location.externalUrl),
    companyCode: text(location.companyCode),
    informationMessage: text(location.informationMessage),
    lat: location.lat === null ? '' : String(location.lat),
    lng: location.lng === null ? '' : String(location.lng),
  };
}
