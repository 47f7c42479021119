/**
 * The CSV line parser of the @ip-location-db data packages (`start,end,…` lines, organisation
 * names quoted RFC 4180 style where they hold a comma or a quote). The generator
 * (ipdb-dataset) and lookup-service's index build both read these files. Hand-written: a
 * kept CSV library would parse whole streams with options and allocations the ~1.2 million lines of
 * these files do not need; this splits one line, and `csv.test.ts` tests it hard.
 */

/**
 * Splits one line into its fields. A quoted field may hold commas and doubled quotes (`""` → `"`).
 * Throws on a quote that is never closed: the files are machine-written, so that is a damaged file.
 */
export function splitCsvLine(line: string): string[] {
  const fields: string[] = [];
  let i = 0;
  while (i <= line.length) {
    if (line.charCodeAt(i) === 34 /* " */) {
      let value = '';
      i++;
      for (;;) {
        const q = line.indexOf('"', i);
        if (q < 0) throw new Error(`unterminated quote in CSV line: ${line.slice(0, 80)}`);
        value += line.slice(i, q);
        if (line.charCodeAt(q + 1) === 34) {
          value += '"';
          i = q + 2;
        } else {
          i = q + 1;
          break;
        }
      }
      fields.push(value);
      i++; // the comma after the closing quote
    } else {
      const comma = line.indexOf(',', i);
      const end = comma < 0 ? line.length : comma;
      fields.push(line.slice(i, end));
      i = end + 1;
    }
  }
  return fields;
}
