import { mutationOptions } from '@tanstack/react-query';
import { myDataDeletion, type MyDataDeletion } from '@lokaler/domain/my-data';
import { apiFetch, apiFetchFile } from './api-fetch';

/**
 * 'Mine data' (decision 057): the person's copy as files (they need the bearer token, so the click
 * fetches them and the page saves them) and the deletion request.
 */
export const myDataPath = '/api/user/my-data';
export const myDataSummaryPath = '/api/user/my-data/summary';

/** GET /api/user/my-data: the JSON file and its name (mine-data-{date}.json). */
export const downloadMyData = () => apiFetchFile(myDataPath);

/** GET /api/user/my-data/summary: the readable HTML document and its name (mine-data-{date}.html). */
export const downloadMyDataSummary = () => apiFetchFile(myDataSummaryPath);

/**
 * POST /api/user/my-data/deletion. What it removed (alerts, feeds, bookings' contact details) is in
 * many of the person's cached answers: everything under their key is fetched again.
 */
export const deleteMyDataMutation = (sub: string) =>
  mutationOptions({
    mutationKey: ['user', sub, 'my-data', 'deletion'],
    mutationFn: (): Promise<MyDataDeletion> => apiFetch('/api/user/my-data/deletion', { method: 'POST', schema: myDataDeletion }),
    onSuccess: (_data, _variables, _onMutateResult, { client }) => client.invalidateQueries({ queryKey: ['user', sub] }),
  });
