import type { ReactNode } from 'react';
import { Alert, Paragraph } from '@digdir/designsystemet-react';
import { Loading } from './loading';

/** What a failed load says: 'Feil ved henting av data' and the server's message (api-client's loadFailureMessage). */
export interface LoadFailureText {
  title: string;
  detail: string;
}

/** Spec 01 §8 / 02 §8 "Data loading failure", as every page and section shows it. */
export function LoadFailureAlert({ failure }: { failure: LoadFailureText }) {
  return (
    <Alert data-color="danger">
      <Paragraph>{failure.title}</Paragraph>
      <Paragraph>{failure.detail}</Paragraph>
    </Alert>
  );
}

/** The part of a TanStack Query result the loader reads (packages/ui does not depend on the query library). */
export interface LoadedQuery<T> {
  data: T | undefined;
  error: unknown;
  isPending: boolean;
}

export interface QueryLoaderProps<T> {
  query: LoadedQuery<T>;
  /** What the spinner announces, e.g. 'Henter søknaden'. */
  loadingLabel: string;
  /** The app's one translation of a failure (api-client's loadFailureMessage). */
  describeFailure: (error: unknown) => LoadFailureText;
  /** An error that means there is nothing to show (a 404): `notFound` is shown instead of the failure. */
  isNotFound?: (error: unknown) => boolean;
  notFound?: ReactNode;
  children: (data: T) => ReactNode;
}

/**
 * The waiting, not-found and failed states of a page that shows one loaded thing, so each page only
 * renders the thing. Data already shown stays when a later refetch fails.
 */
export function QueryLoader<T>({ query, loadingLabel, describeFailure, isNotFound, notFound, children }: QueryLoaderProps<T>) {
  const { data, error, isPending } = query;
  if (error && notFound !== undefined && isNotFound?.(error)) return notFound;
  if (data !== undefined) return children(data);
  if (error) return <LoadFailureAlert failure={describeFailure(error)} />;
  return isPending ? <Loading label={loadingLabel} /> : null;
}
