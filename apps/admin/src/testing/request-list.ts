import type { AdminBookingListItem } from '@lokaler/domain/admin-booking-list';
import { stubApi } from './stub-api';

/** The request list's fake API of the admin page tests: Bjølsen skole (7), its rooms, and a page of applications. */
export const item = (bookingId: number, change: Partial<AdminBookingListItem> = {}): AdminBookingListItem => ({
  bookingId,
  caseNumber: `LOK-2026-0000${bookingId}`,
  status: 'UNPROCESSED',
  createdTimeUtc: '2026-03-02T09:30:00.000Z',
  bookingPurpose: 'PUBLICUSER_LOAN',
  bookingDurationType: 'SINGLE_BOOKING',
  applicantName: 'Ola Nordmann',
  userEmail: 'ola@example.no',
  displayOrgName: null,
  internalEventTitle: null,
  costCategory: null,
  activity: 'Bordtennis',
  firstDate: '2026-03-17',
  lastDate: '2026-03-17',
  reservationCount: 1,
  rooms: [{ bookableAssetId: 3, name: 'Gymsal' }],
  hasPendingRequirements: false,
  sourceForm: 'school',
  weddingFormPending: false,
  roundName: null,
  deadlineDate: null,
  assignee: null,
  batchApprovable: false,
  ...change,
});
export const counts = { UNPROCESSED: 2, APPROVED: 5, REJECTED: 1, CANCELLED: 0, AUTOREJECTED: 0 };

export function stubList(extra: Record<string, unknown> = {}) {
  return stubApi({
    '/api/currentuser/adminlocations': [{ id: 7, name: 'Bjølsen skole' }],
    '/api/location/7/bookableassets': [
      { id: 3, name: 'Gymsal', displayName: 'Gymsal' },
      { id: 4, name: 'Aula', displayName: 'Aula' },
    ].map((r) => ({
      ...r,
      externalAssetNumber: null,
      locationId: 7,
      locationName: 'Bjølsen skole',
      bookingFlowId: null,
      bookingFlow: null,
      capacity: null,
      squareMeters: null,
      purposes: [],
      facilities: [],
      uu: [],
      filters: [],
      assetTypeId: null,
      latLng: null,
      hasOslonokkelen: false,
      assetInfoMessage: null,
      allowRepeatedBookingsForPublicUser: true,
      allowSingleBookingsForPublicUser: true,
      maxOneTimeslotPerBookingForPublicUser: false,
    })),
    '/api/booking': ({ url }: { url: URL }) => ({
      items:
        url.searchParams.get('status') === 'APPROVED'
          ? [item(9, { status: 'APPROVED', applicantName: 'Amina Hassan' })]
          : [
              item(5),
              item(6, { displayOrgName: 'Sagene Sjakklubb' }),
              item(7, { sourceForm: 'wedding', activity: null, applicantName: 'Kari Nordmann' }),
              item(8, { sourceForm: 'wedding', weddingFormPending: true, activity: null }),
              item(4, { roundName: 'Høst skoler', reservationCount: 16 }),
            ],
      total: url.searchParams.get('status') === 'APPROVED' ? 5 : 2,
      page: Number(url.searchParams.get('page')),
      pageSize: 25,
      countsByStatus: counts,
    }),
    ...extra,
  });
}
export const listQueries = (api: ReturnType<typeof stubList>) =>
  api.callsTo('GET', '/api/booking').map((c) => Object.fromEntries(c.url.searchParams));
