import { BOOT_DATA_ELEMENT_ID, bootData, type BootData } from '@lokaler/domain/boot-data';

let read: BootData | null | undefined;

/**
 * The boot data the server wrote into index.html (packages/domain/src/boot-data.ts), read once;
 * null when there is none or it does not parse (the app then asks the API, as without it).
 */
export function readBootData(doc: Document | undefined = typeof document === 'undefined' ? undefined : document): BootData | null {
  if (read !== undefined) return read;
  const text = doc?.getElementById(BOOT_DATA_ELEMENT_ID)?.textContent;
  let parsed: BootData | null = null;
  if (text) {
    try {
      const result = bootData.safeParse(JSON.parse(text));
      parsed = result.success ? result.data : null;
    } catch {
      parsed = null;
    }
  }
  read = parsed;
  return parsed;
}

/**
 * The answer index.html brought for this GET (its path and query as apiFetch builds them), once: a
 * second call (a refetch, a later visit to the page) asks the API. Anonymous answers: apiFetch takes
 * them only for a call without a token.
 */
export function takeBootAnswer(url: string): unknown {
  const answers = readBootData()?.answers;
  if (!answers || !Object.hasOwn(answers, url)) return undefined;
  const answer = answers[url];
  delete answers[url];
  return answer;
}

/** Tests: forget what was read. */
export function resetBootDataForTests(): void {
  read = undefined;
}
