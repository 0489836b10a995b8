import { PDFHexString, PDFName, PDFString, type PDFDocument } from '@cantoo/pdf-lib';

/**
 * What makes our PDFs PDF/A-2b besides embedded fonts (decision 055): the document information and
 * the XMP metadata saying the same (ISO 19005-2 §6.6.3), the pdfaid claim, the sRGB output intent
 * every DeviceRGB colour is read against (§6.2.4.3), and a file identifier in the trailer (§6.1.3).
 */

export interface ArchivalInfo {
  title: string;
  author: string;
  /** The application that made the content (Info /Creator = xmp:CreatorTool). */
  creatorTool: string;
  producer: string;
  /** Both dates of the document: the day of the data, not of the rendering, so one input gives one file. */
  date: Date;
  language: string;
  /** 32 hex digits: the trailer's /ID and the XMP document and instance ids. */
  fileId: string;
}

const xml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);

/** Whole seconds in UTC, as PDFString.fromDate writes the Info dates: the XMP must say the same instant. */
const xmpDate = (date: Date) => `${date.toISOString().slice(0, 19)}Z`;

export function xmpMetadata(info: ArchivalInfo): string {
  const uuid = `uuid:${info.fileId.replace(/^(.{8})(.{4})(.{4})(.{4})(.{12})$/, '$1-$2-$3-$4-$5')}`;
  return `<?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?>
<x:xmpmeta xmlns:x="adobe:ns:meta/">
 <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
  <rdf:Description rdf:about=""
    xmlns:pdfaid="http://www.aiim.org/pdfa/ns/id/"
    xmlns:dc="http://purl.org/dc/elements/1.1/"
    xmlns:xmp="http://ns.adobe.com/xap/1.0/"
    xmlns:pdf="http://ns.adobe.com/pdf/1.3/"
    xmlns:xmpMM="http://ns.adobe.com/xap/1.0/mm/">
   <pdfaid:part>2</pdfaid:part>
   <pdfaid:conformance>B</pdfaid:conformance>
   <dc:format>application/pdf</dc:format>
   <dc:title><rdf:Alt><rdf:li xml:lang="x-default">${xml(info.title)}</rdf:li></rdf:Alt></dc:title>
   <dc:creator><rdf:Seq><rdf:li>${xml(info.author)}</rdf:li></rdf:Seq></dc:creator>
   <dc:language><rdf:Bag><rdf:li>${xml(info.language)}</rdf:li></rdf:Bag></dc:language>
   <xmp:CreatorTool>${xml(info.creatorTool)}</xmp:CreatorTool>
   <xmp:CreateDate>${xmpDate(info.date)}</xmp:CreateDate>
   <xmp:ModifyDate>${xmpDate(info.date)}</xmp:ModifyDate>
   <xmp:MetadataDate>${xmpDate(info.date)}</xmp:MetadataDate>
   <pdf:Producer>${xml(info.producer)}</pdf:Producer>
   <xmpMM:DocumentID>${uuid}</xmpMM:DocumentID>
   <xmpMM:InstanceID>${uuid}</xmpMM:InstanceID>
  </rdf:Description>
 </rdf:RDF>
</x:xmpmeta>
<?xpacket end="w"?>`;
}

/** Info dictionary, XMP metadata (uncompressed: §6.6.2.1 allows no filter on it), output intent and /ID. */
export function makeArchival(doc: PDFDocument, info: ArchivalInfo, iccProfile: Uint8Array): void {
  doc.setTitle(info.title, { showInWindowTitleBar: true });
  doc.setAuthor(info.author);
  doc.setCreator(info.creatorTool);
  doc.setProducer(info.producer);
  doc.setCreationDate(info.date);
  doc.setModificationDate(info.date);
  doc.setLanguage(info.language);

  const { context, catalog } = doc;
  const metadata = context.stream(new TextEncoder().encode(xmpMetadata(info)), { Type: 'Metadata', Subtype: 'XML' });
  catalog.set(PDFName.of('Metadata'), context.register(metadata));

  const profile = context.register(context.flateStream(iccProfile, { N: 3 }));
  const intent = context.obj({
    Type: 'OutputIntent',
    S: 'GTS_PDFA1',
    OutputConditionIdentifier: PDFString.of('sRGB IEC61966-2.1'),
    Info: PDFString.of('sRGB IEC61966-2.1'),
    DestOutputProfile: profile,
  });
  catalog.set(PDFName.of('OutputIntents'), context.obj([context.register(intent)]));

  const id = PDFHexString.of(info.fileId);
  context.trailerInfo.ID = context.obj([id, id]);
}
