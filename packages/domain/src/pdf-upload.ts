/**
 * The limits and refusals of an uploaded PDF (decision 039): the server parses every uploaded PDF under
 * these limits and refuses what could act on the computer of the person who opens it.
 */

/** A prøvingsattest has a page or three; a file of more than 50 is not one, and costs to check. */
export const PDF_MAX_PAGES = 50;
/**
 * What all the file's compressed streams may inflate to together. A scanned page of A4 at 300 dpi in
 * colour is about 26 MB uncompressed, so three such pages fit; a zip bomb (a few kB that inflate to
 * gigabytes) stops at this limit without the server holding more than one inflate buffer of it.
 */
export const PDF_MAX_DECOMPRESSED_BYTES = 100 * 1024 * 1024;
/** How long the check of one file may take (parsing runs in a worker thread that is stopped then). */
export const PDF_CHECK_TIMEOUT_MS = 10_000;

export const pdfRefusalMessages = {
  encrypted: 'PDF-filen er kryptert eller passordbeskyttet. Last opp en PDF uten passord.',
  javascript: 'PDF-filen inneholder JavaScript, som ikke er tillatt. Last opp en PDF uten skript.',
  launch: 'PDF-filen inneholder en handling som starter et annet program, som ikke er tillatt.',
  embeddedFiles: 'PDF-filen inneholder vedlagte filer, som ikke er tillatt. Last opp en PDF uten vedlegg.',
  tooManyPages: `PDF-filen har for mange sider. Den kan ha høyst ${PDF_MAX_PAGES} sider.`,
  tooLargeDecompressed: 'PDF-filen blir for stor når den pakkes ut, og kan ikke tas imot.',
  unreadable: 'Filen kunne ikke leses som en PDF. Last opp en annen PDF-fil.',
  timeout: 'PDF-filen kunne ikke kontrolleres i tide. Prøv igjen, eller last opp en enklere PDF-fil.',
} as const;
export type PdfRefusal = keyof typeof pdfRefusalMessages;
