import { z } from 'zod';
import { createBookingRequestWithAdmin } from './admin-booking-create';
import { apiError } from './api-error';
import { assetType } from './asset-type';
import { bookableAsset } from './bookable-asset';
import { createBookingResponse } from './booking-create';
import { bookingReservation, bookingRequirement } from './booking-reservation';
import { bookingStatus, bookingFormAnswers } from './booking';
import { changeLogEntry } from './change-log';
import { freeSlotAlert } from './free-slot-alert';
import { geographicArea } from './geographic-area';
import { location, locationListItem, latLng, locationStatus, publicLocationType } from './location';
import {
  openDataLicense,
  openDataOpeningHours,
  openDataRoom,
  openDataLocation,
  openDataCatalogue,
  freeInterval,
  openDataRoomFreeTimes,
  openDataFreeTimes,
} from './open-data';
import { openingPeriod, openingInterval, closedDateRange } from './opening-hours';
import { reservationStatus } from './reservation';
import { roomCalendarPage } from './scheduling/room-calendar-page';
import { scheduleSlot, assetSchedule } from './scheduling/schedule-query';
import { searchHit } from './scheduling/search-query';
import {
  statisticsBreakdownRow,
  statisticsDemandCell,
  statisticsHandlingMonth,
  statisticsReport,
  statisticsUtilisation,
} from './statistics';
import { tag } from './tag';
import { userBooking, userBookingSummary } from './user-booking';
import { nextBookingResponse } from './admin-booking-list';
import { caseAssignee, caseAssigneeResponse } from './work-queue';
import {
  invoiceDocumentLine,
  invoiceMessage,
  invoiceSettings,
  invoiceSummaryItem,
  invoicingBooking,
  invoicingLine,
  userInvoice,
} from './invoices';

/**
 * The API document's named components (components.schemas; decision 059): the domain's reusable schemas,
 * registered with their names in zod's global registry, which the server's OpenAPI transform reads. Kept
 * here, imported by the server's document builder alone, so the schemas' own modules stay free of side
 * effects and the SPAs' bundles carry none of it.
 */
export function registerApiComponents(): void {
  if (!z.globalRegistry.has(createBookingRequestWithAdmin))
    z.globalRegistry.add(createBookingRequestWithAdmin, { id: 'BookingApplication' });
  if (!z.globalRegistry.has(apiError)) z.globalRegistry.add(apiError, { id: 'ApiError' });
  if (!z.globalRegistry.has(assetType)) z.globalRegistry.add(assetType, { id: 'AssetType' });
  if (!z.globalRegistry.has(bookableAsset)) z.globalRegistry.add(bookableAsset, { id: 'BookableAsset' });
  if (!z.globalRegistry.has(createBookingResponse)) z.globalRegistry.add(createBookingResponse, { id: 'BookingCreated' });
  if (!z.globalRegistry.has(bookingReservation)) z.globalRegistry.add(bookingReservation, { id: 'Reservation' });
  if (!z.globalRegistry.has(bookingRequirement)) z.globalRegistry.add(bookingRequirement, { id: 'BookingRequirement' });
  if (!z.globalRegistry.has(bookingStatus)) z.globalRegistry.add(bookingStatus, { id: 'BookingStatus' });
  if (!z.globalRegistry.has(bookingFormAnswers)) z.globalRegistry.add(bookingFormAnswers, { id: 'BookingFormAnswers' });
  if (!z.globalRegistry.has(changeLogEntry)) z.globalRegistry.add(changeLogEntry, { id: 'ChangeLogEntry' });
  if (!z.globalRegistry.has(freeSlotAlert)) z.globalRegistry.add(freeSlotAlert, { id: 'FreeSlotAlert' });
  if (!z.globalRegistry.has(geographicArea)) z.globalRegistry.add(geographicArea, { id: 'GeographicArea' });
  if (!z.globalRegistry.has(location)) z.globalRegistry.add(location, { id: 'Location' });
  if (!z.globalRegistry.has(locationListItem)) z.globalRegistry.add(locationListItem, { id: 'LocationListItem' });
  if (!z.globalRegistry.has(latLng)) z.globalRegistry.add(latLng, { id: 'LatLng' });
  if (!z.globalRegistry.has(locationStatus)) z.globalRegistry.add(locationStatus, { id: 'LocationStatus' });
  if (!z.globalRegistry.has(publicLocationType)) z.globalRegistry.add(publicLocationType, { id: 'PublicLocationType' });
  if (!z.globalRegistry.has(openDataLicense)) z.globalRegistry.add(openDataLicense, { id: 'OpenDataLicense' });
  if (!z.globalRegistry.has(openDataOpeningHours)) z.globalRegistry.add(openDataOpeningHours, { id: 'OpenDataOpeningHours' });
  if (!z.globalRegistry.has(openDataRoom)) z.globalRegistry.add(openDataRoom, { id: 'OpenDataRoom' });
  if (!z.globalRegistry.has(openDataLocation)) z.globalRegistry.add(openDataLocation, { id: 'OpenDataLocation' });
  if (!z.globalRegistry.has(openDataCatalogue)) z.globalRegistry.add(openDataCatalogue, { id: 'OpenDataCatalogue' });
  if (!z.globalRegistry.has(freeInterval)) z.globalRegistry.add(freeInterval, { id: 'FreeInterval' });
  if (!z.globalRegistry.has(openDataRoomFreeTimes)) z.globalRegistry.add(openDataRoomFreeTimes, { id: 'OpenDataRoomFreeTimes' });
  if (!z.globalRegistry.has(openDataFreeTimes)) z.globalRegistry.add(openDataFreeTimes, { id: 'OpenDataFreeTimes' });
  if (!z.globalRegistry.has(openingPeriod)) z.globalRegistry.add(openingPeriod, { id: 'OpeningPeriod' });
  if (!z.globalRegistry.has(openingInterval)) z.globalRegistry.add(openingInterval, { id: 'OpeningInterval' });
  if (!z.globalRegistry.has(closedDateRange)) z.globalRegistry.add(closedDateRange, { id: 'ClosedDateRange' });
  if (!z.globalRegistry.has(reservationStatus)) z.globalRegistry.add(reservationStatus, { id: 'ReservationStatus' });
  if (!z.globalRegistry.has(roomCalendarPage)) z.globalRegistry.add(roomCalendarPage, { id: 'RoomCalendarPage' });
  if (!z.globalRegistry.has(scheduleSlot)) z.globalRegistry.add(scheduleSlot, { id: 'Timeslot' });
  if (!z.globalRegistry.has(assetSchedule)) z.globalRegistry.add(assetSchedule, { id: 'AssetSchedule' });
  if (!z.globalRegistry.has(searchHit)) z.globalRegistry.add(searchHit, { id: 'SearchHit' });
  if (!z.globalRegistry.has(statisticsReport)) z.globalRegistry.add(statisticsReport, { id: 'Statistics' });
  if (!z.globalRegistry.has(statisticsUtilisation)) z.globalRegistry.add(statisticsUtilisation, { id: 'StatisticsUtilisation' });
  if (!z.globalRegistry.has(statisticsBreakdownRow)) z.globalRegistry.add(statisticsBreakdownRow, { id: 'StatisticsBreakdownRow' });
  if (!z.globalRegistry.has(statisticsDemandCell)) z.globalRegistry.add(statisticsDemandCell, { id: 'StatisticsDemandCell' });
  if (!z.globalRegistry.has(statisticsHandlingMonth)) z.globalRegistry.add(statisticsHandlingMonth, { id: 'StatisticsHandlingMonth' });
  if (!z.globalRegistry.has(tag)) z.globalRegistry.add(tag, { id: 'Tag' });
  if (!z.globalRegistry.has(userBooking)) z.globalRegistry.add(userBooking, { id: 'Booking' });
  if (!z.globalRegistry.has(userBookingSummary)) z.globalRegistry.add(userBookingSummary, { id: 'BookingSummary' });
  if (!z.globalRegistry.has(caseAssignee)) z.globalRegistry.add(caseAssignee, { id: 'CaseAssignee' });
  if (!z.globalRegistry.has(caseAssigneeResponse)) z.globalRegistry.add(caseAssigneeResponse, { id: 'CaseAssigneeResponse' });
  if (!z.globalRegistry.has(nextBookingResponse)) z.globalRegistry.add(nextBookingResponse, { id: 'NextBookingResponse' });
  // Invoices (decision 071).
  if (!z.globalRegistry.has(invoiceSettings)) z.globalRegistry.add(invoiceSettings, { id: 'InvoiceSettings' });
  if (!z.globalRegistry.has(invoicingLine)) z.globalRegistry.add(invoicingLine, { id: 'InvoicingLine' });
  if (!z.globalRegistry.has(invoicingBooking)) z.globalRegistry.add(invoicingBooking, { id: 'InvoicingBooking' });
  if (!z.globalRegistry.has(invoiceSummaryItem)) z.globalRegistry.add(invoiceSummaryItem, { id: 'InvoiceSummaryItem' });
  if (!z.globalRegistry.has(invoiceDocumentLine)) z.globalRegistry.add(invoiceDocumentLine, { id: 'InvoiceLine' });
  if (!z.globalRegistry.has(userInvoice)) z.globalRegistry.add(userInvoice, { id: 'UserInvoice' });
  if (!z.globalRegistry.has(invoiceMessage)) z.globalRegistry.add(invoiceMessage, { id: 'InvoiceMessage' });
}
