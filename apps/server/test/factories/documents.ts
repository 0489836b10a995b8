import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../src/db/client';
import { bookingDocuments } from '../../src/db/schema/admin-decisions';
import { bookings } from '../../src/db/schema/bookings';
import { loadDocumentData, type DocumentData } from '../../src/bookings/documents/document-data';
import type { DocumentTerms } from '../../src/bookings/documents/document-terms';
import { sha256Hex } from '../../src/bookings/documents/html';
import { renderContract } from '../../src/bookings/documents/render-contract';

/** A booking's document data as the renderers' unit tests use it: Per's chess club at Sagene samfunnshus. */
export const documentData: DocumentData = {
  bookingId: 42,
  caseNumber: 'LOK-2025-00042',
  durationType: 'SEMESTERLOAN',
  formAnswers: { activity: 'Sjakk <script>alert(1)</script> & kaffe', participants: 20 },
  applicantName: 'Per Hansen',
  organizationName: 'Sagene Sjakklubb',
  organizationNumber: '998877660',
  location: {
    id: 7,
    name: 'Sagene samfunnshus',
    streetAddress: 'Kristiansands gate 2',
    postCode: '0463',
    city: 'Oslo',
    contactEmail: 'post@sagene.example.no',
    requireContract: true,
    enableVedtak: true,
  },
  reservations: [
    {
      id: 1,
      bookingId: 42,
      bookableAssetId: 3,
      roomName: 'Møterom',
      roomNumber: 'M1',
      roomLocationId: 7,
      squareMeters: 40,
      hasOslonokkelen: true,
      date: '2025-09-02',
      startTime: '19:00:00',
      durationMinutes: 120,
      initialRepetitionDate: null,
      status: 'UNPROCESSED',
    },
  ],
  selvkostPrices: null,
};

export const freeTerms: DocumentTerms = {
  costCategory: 'FREE',
  marketPriceOre: null,
  costBasedPrices: null,
  retroactiveContract: false,
  hasTilsynsvakt: false,
  tilsynsvaktWeekdays: [],
};

/**
 * Stores a booking's contract as the approval does (decision 004): rendered by the one renderer,
 * kept with its SHA-256 as the current CONTRACT document. Returns what the applicant must get.
 */
export async function storeApprovedContract(
  db: DbOrTx,
  bookingId: number,
  terms: DocumentTerms = freeTerms,
  today = '2030-01-15',
): Promise<{ html: string; hash: string }> {
  const [booking] = await db.select().from(bookings).where(eq(bookings.id, bookingId));
  const html = renderContract({ data: await loadDocumentData(db, booking!), terms, today });
  const hash = sha256Hex(html);
  await db.insert(bookingDocuments).values({ bookingId, kind: 'CONTRACT', html, hash });
  return { html, hash };
}
