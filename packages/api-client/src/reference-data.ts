import { queryOptions } from '@tanstack/react-query';
import { assetTypes } from '@lokaler/domain/asset-type';
import { geographicAreas } from '@lokaler/domain/geographic-area';
import { tags } from '@lokaler/domain/tag';
import { apiFetch } from './api-fetch';

const ONE_HOUR_MS = 60 * 60 * 1000;

/** GET /api/geographicareas. Spec 01 §9: cached 1 hour, no retry. */
export const geographicAreasQuery = () =>
  queryOptions({
    queryKey: ['geographicareas'],
    queryFn: ({ signal }) => apiFetch('/api/geographicareas', { schema: geographicAreas, signal }),
    staleTime: ONE_HOUR_MS,
    gcTime: ONE_HOUR_MS,
    retry: false,
  });

/**
 * GET /api/tags. Spec 01 §9: cached for as long as the page lives, 3 retries with exponential delay
 * capped at 30 s (TanStack's default delay; the retry count is the query client's default).
 */
export const tagsQuery = () =>
  queryOptions({
    queryKey: ['tags'],
    queryFn: ({ signal }) => apiFetch('/api/tags', { schema: tags, signal }),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });

/** GET /api/preferences/options/assettypes. Cached like the tags. */
export const assetTypesQuery = () =>
  queryOptions({
    queryKey: ['assettypes'],
    queryFn: ({ signal }) => apiFetch('/api/preferences/options/assettypes', { schema: assetTypes, signal }),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });
