import { useId, useState, type ChangeEvent } from 'react';
import { Heading, Label, Paragraph, ValidationMessage } from '@digdir/designsystemet-react';
import { useQuery } from '@tanstack/react-query';
import { useGuardedMutation } from '@lokaler/api-client/react/use-guarded-mutation';
import { uploadProevingsattestMutation, weddingFormQuery } from '@lokaler/api-client/wedding-form';
import type { UserBooking } from '@lokaler/domain/user-booking';
import { PROEVINGSATTEST_CONTENT_TYPE, checkCertificateFile, uploadFailedMessage, uploadSucceededMessage } from '@lokaler/domain/wedding-certificate';
import { useToasts } from '@lokaler/ui/toasts';
import { formatInstant } from '../format';
import { readFileBase64 } from './read-file-base64';

const SUCCESS_TOAST_MS = 5_000;

/**
 * Spec 02 §2/§5/§9: on a wedding booking, the premarital test certificate — the rules, the file sent
 * so far, and a PDF upload (checked here with the server's own rules and messages).
 */
export function ProevingsattestSection({ sub, booking }: { sub: string; booking: UserBooking }) {
  if (booking.sourceForm !== 'wedding') return null;
  return <ProevingsattestUpload sub={sub} bookingId={booking.bookingId} />;
}

function ProevingsattestUpload({ sub, bookingId }: { sub: string; bookingId: number }) {
  const inputId = useId();
  const errorId = useId();
  const { showToast } = useToasts();
  const query = weddingFormQuery(sub, bookingId);
  const { data: form } = useQuery(query);
  const [problem, setProblem] = useState<string | null>(null);

  const upload = useGuardedMutation(uploadProevingsattestMutation(sub, bookingId), {
    onSuccess: () => showToast({ type: 'success', msg: uploadSucceededMessage, timeToLive: SUCCESS_TOAST_MS }),
    onError: () => showToast({ type: 'danger', msg: uploadFailedMessage }),
  });

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const check = checkCertificateFile(file);
    setProblem(check.ok ? null : check.message);
    if (!check.ok) return;
    readFileBase64(file).then(
      (bytes) => upload.mutate({ bytes, contentType: file.type || PROEVINGSATTEST_CONTENT_TYPE, filename: file.name, size: file.size }),
      () => showToast({ type: 'danger', msg: uploadFailedMessage }),
    );
  };

  return (
    <section className="lk-booking-section" aria-labelledby="lk-attest-title">
      <Heading level={2} data-size="sm" id="lk-attest-title">
        Prøvingsattest
      </Heading>
      <Paragraph>
        Prøvingsattesten er gyldig i 4 måneder og tar 5–6 uker å få. Den må sendes inn senest 4 uker før vielsen, ellers kan dere miste
        reservasjonen.
      </Paragraph>
      {form?.proevingsattestFile && (
        <Paragraph>
          Lastet opp: {form.proevingsattestFile.filename} ({formatInstant(form.proevingsattestFileAddedTimeUtc)})
        </Paragraph>
      )}
      <Label htmlFor={inputId}>{form?.proevingsattestFile ? 'Last opp ny prøvingsattest (PDF)' : 'Last opp prøvingsattest (PDF)'}</Label>
      <input
        id={inputId}
        type="file"
        accept=".pdf,application/pdf"
        disabled={upload.isPending}
        aria-invalid={problem !== null}
        aria-describedby={problem ? errorId : undefined}
        onChange={onChange}
      />
      {problem && <ValidationMessage id={errorId}>{problem}</ValidationMessage>}
    </section>
  );
}
