import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { QueryLoader, type LoadedQuery } from './query-loader';

afterEach(cleanup);

const describeFailure = (error: unknown) => ({ title: 'Feil ved henting av data', detail: String((error as Error).message) });
const isNotFound = (error: unknown) => (error as Error).message === '404';

function show(query: LoadedQuery<string>) {
  return render(
    <QueryLoader
      query={query}
      loadingLabel="Henter søknaden"
      describeFailure={describeFailure}
      isNotFound={isNotFound}
      notFound={<p>Fant ikke</p>}
    >
      {(data) => <p>Data: {data}</p>}
    </QueryLoader>,
  );
}

describe('QueryLoader', () => {
  it('shows the spinner while waiting, then the data', () => {
    const view = show({ data: undefined, error: null, isPending: true });
    expect(screen.getByRole('status')).toBeInTheDocument();
    view.rerender(
      <QueryLoader
        query={{ data: 'søknad 5', error: null, isPending: false }}
        loadingLabel="Henter søknaden"
        describeFailure={describeFailure}
      >
        {(data) => <p>Data: {data}</p>}
      </QueryLoader>,
    );
    expect(screen.getByText('Data: søknad 5')).toBeInTheDocument();
  });

  it('shows the not-found content for a not-found error, and the failure with both lines for another', () => {
    show({ data: undefined, error: new Error('404'), isPending: false });
    expect(screen.getByText('Fant ikke')).toBeInTheDocument();
    cleanup();
    show({ data: undefined, error: new Error('Serveren svarte ikke'), isPending: false });
    expect(screen.getByText('Feil ved henting av data')).toBeInTheDocument();
    expect(screen.getByText('Serveren svarte ikke')).toBeInTheDocument();
  });

  it('keeps data already shown when a later fetch fails', () => {
    show({ data: 'søknad 5', error: new Error('Serveren svarte ikke'), isPending: false });
    expect(screen.getByText('Data: søknad 5')).toBeInTheDocument();
    expect(screen.queryByText('Feil ved henting av data')).not.toBeInTheDocument();
  });
});
