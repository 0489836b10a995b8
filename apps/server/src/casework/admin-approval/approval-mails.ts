import type { ApplicantNotice } from '../../bookings';
import type { DocumentData } from '../../bookings';

/** The applicant's e-mail when the application is approved. */
export function approvalNotice({
  data,
  comment,
  contractToSign,
  vedtak,
}: {
  data: DocumentData;
  comment?: string | undefined;
  contractToSign: boolean;
  vedtak: boolean;
}): ApplicantNotice {
  return {
    kind: 'BookingApproval',
    subject: 'Søknaden din er godkjent',
    paragraphs: [
      `Søknaden din om å låne ${data.location.name} er godkjent.`,
      ...(comment ? [`Melding fra lokalet: ${comment}`] : []),
      ...(contractToSign ? ['Du må signere kontrakten før lånet er bindende.'] : []),
    ],
    documents: [...(vedtak ? (['vedtak'] as const) : []), ...(contractToSign ? (['contract'] as const) : [])],
  };
}

/** The applicant's e-mail when the approval is reverted ('Angre godkjenning'). */
export function unapprovalNotice(locationName: string): ApplicantNotice {
  return {
    kind: 'BookingSetToUnprocessed',
    subject: 'Søknaden din behandles på nytt',
    paragraphs: [
      `Godkjenningen av søknaden din om å låne ${locationName} er trukket tilbake, og søknaden behandles på nytt.`,
      'Et eventuelt vedtak og en eventuell kontrakt gjelder ikke lenger. Du får en ny e-post når søknaden er behandlet.',
    ],
  };
}
