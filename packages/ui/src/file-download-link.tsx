import { useState, type MouseEvent, type ReactNode } from 'react';
import { Alert, Link, Paragraph } from '@digdir/designsystemet-react';
import { saveFile } from './save-file';

/**
 * A real link to a file of the API; the click fetches it with the bearer token (a plain navigation
 * carries none) and saves it under the server's name. A failure is said beside the link, in the
 * words the caller's app gives errors.
 */
export function FileDownloadLink({
  href,
  fallbackName,
  fetchFile,
  describeFailure,
  accessibleName,
  children,
}: {
  href: string;
  /** The name to save under when the answer names none. */
  fallbackName: string;
  fetchFile: () => Promise<{ blob: Blob; filename: string | null }>;
  describeFailure: (error: unknown) => string;
  /** The link's name when the visible text alone does not tell one link from the next; it starts with the visible text (WCAG 2.5.3). */
  accessibleName?: string;
  children: ReactNode;
}) {
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const download = async (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    if (busy) return;
    setFailure(null);
    setBusy(true);
    try {
      const { blob, filename } = await fetchFile();
      saveFile(blob, filename ?? fallbackName);
    } catch (error) {
      setFailure(describeFailure(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="lk-file-download">
      <Link href={href} download={fallbackName} aria-label={accessibleName} aria-busy={busy || undefined} onClick={(e) => void download(e)}>
        {children}
      </Link>
      {failure && (
        <Alert data-color="danger" data-size="sm" role="alert">
          <Paragraph>{failure}</Paragraph>
        </Alert>
      )}
    </div>
  );
}
