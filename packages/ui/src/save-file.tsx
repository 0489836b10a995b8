/**
 * Hands a fetched file to the browser's download under its name. Used where the file needs the
 * bearer token (a plain link carries none): the click fetches it, this saves it.
 */
export function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = filename;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  // The download has started from the object URL; let it go once the browser has read it.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
