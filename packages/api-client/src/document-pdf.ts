import { apiFetchFile, buildUrl } from './api-fetch';

/** The documents a booking has as PDF/A (decision 055). */
export type DocumentPdfKind = 'vedtak' | 'contract';

/** The applicant's GET /api/user/{vedtak|contract}/{id}/pdf. */
const userPath = (kind: DocumentPdfKind, bookingId: number) => `/api/user/${kind}/${bookingId}/pdf`;
/** The administrator's GET /api/{vedtak|contract}/{id}/pdf. */
const adminPath = (kind: DocumentPdfKind, bookingId: number) => `/api/${kind}/${bookingId}/pdf`;

/** The link's href (a plain navigation carries no token: the click downloads with it, see FileDownloadLink). */
export const userDocumentPdfUrl = (kind: DocumentPdfKind, bookingId: number) => buildUrl(userPath(kind, bookingId));
export const downloadUserDocumentPdf = (kind: DocumentPdfKind, bookingId: number) => apiFetchFile(userPath(kind, bookingId));

export const adminDocumentPdfUrl = (kind: DocumentPdfKind, bookingId: number) => buildUrl(adminPath(kind, bookingId));
export const downloadAdminDocumentPdf = (kind: DocumentPdfKind, bookingId: number) => apiFetchFile(adminPath(kind, bookingId));
