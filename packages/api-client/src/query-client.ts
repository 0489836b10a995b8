import { QueryClient } from '@tanstack/react-query';
import { isApiClientError } from './api-client-error';

/** TanStack's default: 3 retries with exponential delay capped at 30 s (what spec 01 §9 asks for). */
const MAX_RETRIES = 3;

/**
 * Retries what may succeed later (network failures, 5xx) up to three times; a 4xx answer will not
 * change by asking again, so it is not retried.
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiClientError(error) && error.kind === 'http' && error.status !== undefined && error.status < 500) return false;
  return failureCount < MAX_RETRIES;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: shouldRetry }, mutations: { retry: false } } });
}
