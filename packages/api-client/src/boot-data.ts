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

/** Tests: forget what was read. */
export function resetBootDataForTests(): void {
  read = undefined;
}
