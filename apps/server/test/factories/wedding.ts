import type { LightMyRequestResponse } from 'fastify';
import type { DbOrTx } from '../../src/db/client';
import type { CitizenSession } from './applicant';
import { addFlow, setOpeningHours } from './calendar';
import { createAsset, createLocation } from './places';

/** A wedding venue (filter category WEDDINGS) with one ceremony room on the wedding flow, open 10–16. */
export async function createWeddingVenue(db: DbOrTx): Promise<{ locationId: number; roomId: number }> {
  const flow = await addFlow(db, 'wedding');
  const location = await createLocation(db, {
    name: 'Oslo rådhus',
    publicLocationType: 'WEDDINGS',
    filterCategory: 'WEDDINGS',
    contactEmail: 'vielse@example.no',
  });
  await setOpeningHours(db, location.id, '10:00', '16:00');
  const room = await createAsset(db, location.id, { name: 'Vigselsrommet', bookingFlowId: flow.id });
  return { locationId: location.id, roomId: room.id };
}

export const weddingTime = (date: string, startTime: string) => ({ date, startTime, duration: 'PT30M', initialRepetitionDate: null });

/** The citizen takes wedding times in the calendar: POST /api/booking as the portal sends it. */
export function takeWeddingTimes(
  who: CitizenSession,
  roomId: number,
  times: ReturnType<typeof weddingTime>[],
  isRepeating = false,
): Promise<LightMyRequestResponse> {
  return who.request({
    method: 'POST',
    url: '/api/booking',
    payload: {
      availabilityData: { probablyAvailable: [{ bookableAssetId: roomId, datesAndTimes: times }] },
      isRepeating,
      bookingPortalClient: 'PUBLIC',
      bookingPurpose: 'PUBLICUSER_LOAN',
      formAnswers: { participants: 20, contactEmail: 'kari@example.no', contactPhone: '41234567' },
    },
  });
}
