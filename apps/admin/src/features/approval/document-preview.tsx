import { Heading, Paragraph } from '@digdir/designsystemet-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { loadFailureMessage } from '@lokaler/api-client/user-message';
import type { DocumentPreview as Preview } from '@lokaler/domain/admin-approval';
import { Loading } from '@lokaler/ui/loading';
import { SanitizedDocument } from '@lokaler/ui/sanitized-document';

/**
 * A document as the applicant will get it (sanitised in the browser). What the administrator sees
 * here is what they approve: the approval carries this preview's hash.
 */
export function DocumentPreview({
  title,
  query,
  waitingText,
  stale,
}: {
  title: string;
  query: UseQueryResult<Preview> | null;
  waitingText: string;
  stale: boolean;
}) {
  return (
    <div className="lk-preview">
      <Heading level={3} data-size="xs">
        {title}
      </Heading>
      {query === null && <Paragraph data-size="sm">{waitingText}</Paragraph>}
      {query?.isPending && <Loading label={`Henter ${title.toLowerCase()}`} />}
      {query?.error && (
        <Paragraph data-size="sm" role="alert">
          {loadFailureMessage(query.error).title}: {loadFailureMessage(query.error).detail}
        </Paragraph>
      )}
      {query?.data && (
        // Focusable, so the document can be scrolled with the keyboard.
        <div className="lk-preview__document" tabIndex={0} role="region" aria-label={title} aria-busy={stale || query.isFetching}>
          <SanitizedDocument html={query.data.html} minHeadingLevel={4} />
        </div>
      )}
    </div>
  );
}
