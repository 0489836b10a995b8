import { Button, Paragraph } from '@digdir/designsystemet-react';

/** Previous / next with where you are ('Side 2 av 5'); the page lives in the URL. */
export function ListPagination({ page, pageCount, onPage }: { page: number; pageCount: number; onPage: (page: number) => void }) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label="Sider" className="lk-pagination">
      <Button variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Forrige side
      </Button>
      <Paragraph aria-live="polite">
        Side {page} av {pageCount}
      </Paragraph>
      <Button variant="secondary" disabled={page >= pageCount} onClick={() => onPage(page + 1)}>
        Neste side
      </Button>
    </nav>
  );
}
