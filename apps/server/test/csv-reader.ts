/**
 * An RFC 4180 reader that is told nothing (decision 063): it strips a BOM, then tries the usual
 * delimiters and takes the one that gives every record the same number of fields (more than one),
 * as a spreadsheet's or Python's sniffer does; null when none does — as for a file of several tables.
 */
export function readCsvWithoutHints(text: string): { delimiter: string; records: string[][] } | null {
  const body = text.replace(/^\uFEFF/, '');
  const found = [',', ';', '\t', '|']
    .map((delimiter) => ({ delimiter, records: parseCsv(body, delimiter) }))
    .filter(({ records }) => records.length > 0 && records[0]!.length > 1 && records.every((r) => r.length === records[0]!.length));
  return found.sort((a, b) => b.records[0]!.length - a.records[0]!.length)[0] ?? null;
}

function parseCsv(text: string, delimiter: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i]!;
    if (quoted && c === '"' && text[i + 1] === '"') {
      cell += '"';
      i += 1;
    } else if (c === '"') quoted = !quoted;
    else if (quoted) cell += c;
    else if (c === delimiter) {
      record.push(cell);
      cell = '';
    } else if (c === '\r' || c === '\n') {
      if (c === '\r' && text[i + 1] === '\n') i += 1;
      record.push(cell);
      records.push(record);
      record = [];
      cell = '';
    } else cell += c;
  }
  if (cell !== '' || record.length > 0) records.push([...record, cell]);
  return records;
}
