import { useId, useState, type ChangeEvent, type MouseEvent } from 'react';
import { Alert, Heading, Label, Link, Paragraph, ValidationMessage } from '@digdir/designsystemet-react';
import { useQuery } from '@tanstack/react-query';
import { isApiClientError } from '@lokaler/api-client/api-client-error';
import { useGuardedMutation } from '@lokaler/api-client/react/use-guarded-mutation';
import { userMessageOf } from '@lokaler/api-client/user-message';
import { coupleProevingsattestUrl, downloadCoupleProevingsattest } from '@lokaler/api-client/wedding-application';
import { uploadProevingsattestMutation, weddingFormQuery } from '@lokaler/api-client/wedding-form';
import type { UserBooking } from '@lokaler/domain/user-booking';
import {
  PROEVINGSATTEST_CONTENT_TYPE,
  checkCertificateFile,
  uploadFailedMessage,
  uploadSucceededMessage,
} from '@lokaler/domain/wedding-certificate';
import { useToasts } from '@lokaler/ui/toasts';
import { formatInstant } from '../format';
import { readFileBase64 } from './read-file-base64';
import { saveFile } from '@lokaler/ui/save-file';

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
    onError: (error) => {
      showToast({ type: 'danger', msg: uploadFailedMessage });
      // The server refused the file itself (a PDF with JavaScript, encrypted, too many pages…): its reason
      // stays at the field, since trying the same file again cannot help.
      if (isApiClientError(error) && error.status === 400 && error.userMsg) setProblem(error.userMsg);
    },
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
        <>
          <Paragraph>
            Lastet opp: {form.proevingsattestFile.filename} ({formatInstant(form.proevingsattestFileAddedTimeUtc)})
          </Paragraph>
          <DownloadLink bookingId={bookingId} filename={form.proevingsattestFile.filename} />
        </>
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

/**
 * A real link to the stored file; the click fetches it with the citizen's token (a plain navigation
 * carries none) and saves it under its stored name.
 */
function DownloadLink({ bookingId, filename }: { bookingId: number; filename: string }) {
  const [failure, setFailure] = useState<string | null>(null);
  const download = async (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    setFailure(null);
    try {
      const file = await downloadCoupleProevingsattest(bookingId);
      saveFile(file.blob, file.filename ?? filename);
    } catch (error) {
      setFailure(userMessageOf(error));
    }
  };
  return (
    <>
      <Paragraph>
        <Link href={coupleProevingsattestUrl(bookingId)} download={filename} onClick={(e) => void download(e)}>
          Last ned prøvingsattest
        </Link>
      </Paragraph>
      {failure && (
        <Alert data-color="danger" data-size="sm">
          <Paragraph>{failure}</Paragraph>
        </Alert>
      )}
    </>
  );
}
