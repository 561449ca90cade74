/**
 * A small RFC 4180 reader: comma-separated, fields in double quotes may hold
 * commas, quotes (doubled) and line breaks; CRLF or LF line ends; a UTF-8 BOM
 * is dropped. Each record comes with the line it starts on, so import errors
 * can name the row a person sees in a text editor or spreadsheet. Stops with
 * `tooMany` once `maxRecords` is exceeded, so a huge upload costs no more
 * than the limit.
 */
export interface CsvRecord {
  line: number;
  fields: string[];
}

export function parseCsv(text: string, maxRecords: number): { records: CsvRecord[]; tooMany: boolean; unterminatedAt: number | null } {
  const records: CsvRecord[] = [];
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  let line = 1;
  while (i < text.length) {
    const start = line;
    const fields: string[] = [];
    let field = '';
    let ended = false;
    while (!ended) {
      if (text[i] === '"') {
        // Quoted field: runs to the next quote not followed by another quote.
        i++;
        for (;;) {
          if (i >= text.length) return { records, tooMany: false, unterminatedAt: start };
          const c = text[i];
          if (c === '"') {
            if (text[i + 1] === '"') {
              field += '"';
              i += 2;
              continue;
            }
            i++;
            break;
          }
          if (c === '\n') line++;
          field += c;
          i++;
        }
      }
      // Unquoted part (or what follows a closing quote, kept as written).
      while (i < text.length && text[i] !== ',' && text[i] !== '\n' && text[i] !== '\r') field += text[i++];
      if (text[i] === ',') {
        fields.push(field);
        field = '';
        i++;
      } else {
        fields.push(field);
        if (text[i] === '\r') i++;
        if (text[i] === '\n') i++;
        line++;
        ended = true;
      }
    }
    // Blank lines are not rows.
    if (fields.length === 1 && fields[0].trim() === '') continue;
    records.push({ line: start, fields });
    if (records.length > maxRecords) return { records, tooMany: true, unterminatedAt: null };
  }
  return { records, tooMany: false, unterminatedAt: null };
}
