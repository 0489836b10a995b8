import { z } from 'zod';
import { documentHash } from './admin-approval';
import { idParam } from './id-param';

/**
 * Rejections (spec 02 §3 "Rejection choice: title, text, key"): of a whole booking (PUT
 * /api/booking/{id}/reject), of one room of it (PUT /api/booking/{id}/rejectasset/{assetId}).
 */

/** GET /api/rejection-choices: the prepared reasons, in the order the modal lists them. */
export const rejectionChoice = z.object({ key: z.string(), title: z.string(), text: z.string() });
export const rejectionChoices = z.array(rejectionChoice);
export type RejectionChoice = z.infer<typeof rejectionChoice>;

/**
 * The wedding rejection modal's choices (spec 02 §4 'Admin rejection modal: closed or wedding
 * rejection'; decision 013). Code, not reference data in the database: they follow the wedding rules
 * of spec 02 §9 (the certificate 4 weeks before the ceremony) and change with them. For a wedding
 * booking these are the choices the server accepts; the text is what the couple receives (in the
 * e-mail and the vedtak) unless the administrator edits it.
 */
export const weddingRejectionChoices: readonly RejectionChoice[] = [
  {
    key: 'VIELSE_PROEVINGSATTEST_MANGLER',
    title: 'Prøvingsattest ikke mottatt i tide',
    text: 'Vi har ikke mottatt prøvingsattesten innen fristen, som er senest 4 uker før vielsen. Derfor kan vi dessverre ikke gjennomføre vielsen på tidspunktet dere har søkt om. Dere er velkomne til å søke om en ny tid når dere har fått prøvingsattesten.',
  },
  {
    key: 'VIELSE_PROEVINGSATTEST_UGYLDIG',
    title: 'Prøvingsattesten er ikke gyldig',
    text: 'Prøvingsattesten dere har sendt er ikke gyldig på vielsesdagen. En prøvingsattest gjelder i 4 måneder. Dere er velkomne til å søke om en ny tid når dere har en gyldig prøvingsattest.',
  },
  {
    key: 'VIELSE_TIDSPUNKT_IKKE_LEDIG',
    title: 'Tidspunktet er ikke lenger ledig',
    text: 'Tidspunktet dere har søkt om er dessverre ikke lenger ledig i rådhuset. Dere er velkomne til å velge et annet ledig tidspunkt.',
  },
  {
    key: 'VIELSE_MANGLER_OPPLYSNINGER',
    title: 'Mangelfulle opplysninger',
    text: 'Søknaden mangler opplysninger vi trenger for å forberede vielsen. Send gjerne en ny søknad med alle opplysningene om dere og seremonien.',
  },
  {
    key: 'VIELSE_ANNET',
    title: 'Annen grunn',
    text: 'Vi kan dessverre ikke gjennomføre vielsen på tidspunktet dere har søkt om. Ta gjerne kontakt med vielseskontoret om dere har spørsmål.',
  },
];

/** The wedding choice with this key, or null. */
export function findWeddingRejectionChoice(key: string): RejectionChoice | null {
  return weddingRejectionChoices.find((c) => c.key === key) ?? null;
}

export const rejectionMessages = {
  reasonRequired: 'Velg en begrunnelse eller skriv en selv',
  unknownChoice: 'Ukjent begrunnelse',
  notRejectable: 'Søknaden er allerede avslått, kansellert eller avsluttet.',
  /** An approved booking is withdrawn only knowingly (the dialog says so): a stale page's one-step rejection is refused. */
  approvedNeedsConfirmation: 'Bookingen er allerede godkjent. Last siden på nytt og bekreft at du vil trekke tilbake godkjenningen.',
  onlyRoom: 'Dette er det eneste rommet med tider i søknaden. Avslå hele søknaden i stedet.',
  noTimesInRoom: 'Søknaden har ingen aktive tider i dette rommet.',
} as const;

export const REJECTION_TEXT_MAX = 5000;

/**
 * The reason is a prepared choice (its text is sent to the applicant), a written text, or both (the
 * written text then replaces the choice's). vedtakHash: when the location writes vedtak and the
 * administrator previewed the rejection vedtak, the server refuses (409) if it would differ.
 * withdrawApproved: an approved booking is rejected only with it (409 approvedNeedsConfirmation otherwise).
 */
export const rejectBookingBody = z
  .object({
    rejectionChoiceKey: z.string().trim().max(100).optional(),
    rejectionText: z.string().trim().max(REJECTION_TEXT_MAX).optional(),
    vedtakHash: documentHash.optional(),
    /** Required to reject an APPROVED booking (withdraw the approval): the administrator was told it is approved. */
    withdrawApproved: z.literal(true).optional(),
  })
  .refine((b) => Boolean(b.rejectionChoiceKey) || Boolean(b.rejectionText), {
    path: ['rejectionText'],
    message: rejectionMessages.reasonRequired,
  });
export type RejectBookingBody = z.infer<typeof rejectBookingBody>;

/** PUT /api/booking/{id}/rejectasset/{assetId}: an optional message to the applicant; the body may be left out. */
export const rejectAssetBody = z.preprocess((v) => v ?? {}, z.object({ comment: z.string().trim().max(REJECTION_TEXT_MAX).optional() }));

export const rejectAssetParams = z.object({ id: idParam, assetId: idParam });
