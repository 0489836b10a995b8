import type { InfoForLeietaker } from '@lokaler/domain/user-booking-documents';
import type { DbOrTx } from '../../db/client';
import { findTenantInfo } from '../../locations';
import { bookingHasKeyRoom } from './key-permissions-repository';
import { loadLocation, type LocationRow } from './repository';

/** Where the key app is explained to tenants. */
export const OSLONOKKELEN_INFO_URL = 'https://www.oslo.kommune.no/oslonokkelen/';

/**
 * Practical information for the tenant (GET /user/booking/{id}/infoforleietaker), built from what
 * the location has registered: where it is, how the door opens, whom to ask, and its web pages.
 * Plain text, one paragraph per line.
 */
export function infoForLeietaker(location: LocationRow, options: { hasOslonokkelen: boolean; wedding: boolean }): InfoForLeietaker {
  const address = [location.streetAddress, [location.postCode, location.city].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  const contact = [location.contactEmail, location.phoneNumber].filter(Boolean).join(' eller ');
  const paragraphs = [
    !options.wedding && address ? `Adresse: ${address}.` : null,
    options.hasOslonokkelen
      ? 'Døren åpnes med Oslonøkkelen-appen. Legg til telefonnumrene til dem som skal låse opp under «Digital nøkkel» på bookingen din.'
      : null,
    options.wedding
      ? 'Møt opp i god tid før vielsen, sammen med vitnene deres. Ta med gyldig legitimasjon.'
      : 'Lokalet skal forlates ryddig og i samme stand som da dere kom. Meld fra om skader eller feil med en gang.',
    contact ? `Spørsmål om lokalet? Kontakt ${location.name} på ${contact}.` : null,
  ].filter((p): p is string => p !== null);
  const links = [
    location.homepage ? { url: location.homepage, linkText: `Nettsiden til ${location.name}` } : null,
    location.informationUrl ? { url: location.informationUrl, linkText: 'Mer informasjon om lokalet' } : null,
    options.hasOslonokkelen ? { url: OSLONOKKELEN_INFO_URL, linkText: 'Slik bruker du Oslonøkkelen' } : null,
  ].filter((l): l is { url: string; linkText: string } => l !== null);
  return { heading: `Praktisk informasjon om ${location.name}`, description: paragraphs.join('\n'), links };
}

/**
 * GET /user/booking/{id}/infoforleietaker: the text the location wrote for its tenants (decision 015),
 * or, when it wrote none, the text built from what it has registered.
 */
export async function getInfoForLeietaker({
  db,
  booking,
}: {
  db: DbOrTx;
  booking: { id: number; locationId: number; sourceForm: string | null };
}): Promise<InfoForLeietaker> {
  const own = await findTenantInfo(db, booking.locationId);
  if (own) return own;
  const location = await loadLocation(db, booking.locationId);
  return infoForLeietaker(location, {
    hasOslonokkelen: await bookingHasKeyRoom(db, booking.id),
    wedding: booking.sourceForm === 'wedding',
  });
}
