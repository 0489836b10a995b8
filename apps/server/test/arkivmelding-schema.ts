import fs from 'node:fs';
import { validateXML } from 'xmllint-wasm';

/**
 * Validates an arkivmelding.xml against the published KS Fiks Arkiv V1 schema (test/fixtures/fiks-arkiv-v1,
 * MIT), with libxml2's xmllint: the main schema plus the metadatakatalog it imports, under the file
 * name its schemaLocation gives. Returns the schema errors, none for a valid message.
 */
const fixture = (name: string) => fs.readFileSync(new URL(`./fixtures/fiks-arkiv-v1/${name}`, import.meta.url), 'utf8');
const MAIN = 'no.ks.fiks.arkiv.v1.arkivering.arkivmelding.opprett.xsd';

export async function arkivmeldingSchemaErrors(xml: string): Promise<string[]> {
  const result = await validateXML({
    xml: { fileName: 'arkivmelding.xml', contents: xml },
    schema: { fileName: MAIN, contents: fixture(MAIN) },
    preload: { fileName: 'metadatakatalog.xsd', contents: fixture('metadatakatalog.xsd') },
  });
  return result.errors.map((e) => e.rawMessage);
}
