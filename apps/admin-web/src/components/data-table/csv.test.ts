import { buildCsv, csvCell, csvFileName, csvText, localDateStamp, type CsvColumn } from './csv.js';

interface Row {
  name: string | null;
  verified: boolean;
  note?: string;
  createdAt: string;
}

const columns: CsvColumn<Row>[] = [
  { label: 'Name', value: (row) => row.name },
  { label: 'OTP "Status"', value: (row) => row.verified },
  { label: 'Note', value: (row) => row.note },
  { label: 'Created At', value: (row) => row.createdAt },
];

describe('csvCell', () => {
  it('quotes every cell and doubles the quotes inside it', () => {
    expect(csvCell('plain')).toBe('"plain"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('a,b\nc')).toBe('"a,b\nc"');
    expect(csvCell(42)).toBe('"42"');
  });

  it('writes booleans as Yes or No and null or undefined as a dash', () => {
    expect(csvCell(true)).toBe('"Yes"');
    expect(csvCell(false)).toBe('"No"');
    expect(csvCell(null)).toBe('"-"');
    expect(csvCell(undefined)).toBe('"-"');
  });

  it("writes ISO dates in the panel's one format, local time, and leaves other text alone", () => {
    const iso = new Date(2026, 10, 23, 10, 15, 30).toISOString();
    expect(csvText(iso)).toBe('2026-11-23 10:15:30');
    expect(csvText(iso)).not.toBe(iso);
    expect(csvText('2026-11-23')).toBe('2026-11-23');
    expect(csvText('2026-13-45T99:99:99Z')).toBe('2026-13-45T99:99:99Z');
    expect(csvText('VPN-20261122-7K3F9Q')).toBe('VPN-20261122-7K3F9Q');
  });

  it('defuses text a spreadsheet would run as a formula, but not the dash for null or numbers', () => {
    expect(csvText('=HYPERLINK("http://evil")')).toBe('\'=HYPERLINK("http://evil")');
    expect(csvText('+1 555 0100')).toBe("'+1 555 0100");
    expect(csvText('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvText(null)).toBe('-');
    expect(csvText(-5)).toBe('-5');
  });
});

describe('buildCsv', () => {
  it('writes a header row of the column labels, then one quoted line per row', () => {
    const iso = new Date(2026, 0, 2, 3, 4, 5).toISOString();
    const csv = buildCsv(columns, [
      { name: 'Ada "the first"', verified: true, note: 'x', createdAt: iso },
      { name: null, verified: false, createdAt: iso },
    ]);
    const date = '2026-01-02 03:04:05';
    expect(csv.split('\r\n')).toEqual([
      '"Name","OTP ""Status""","Note","Created At"',
      `"Ada ""the first""","Yes","x","${date}"`,
      `"-","No","-","${date}"`,
      '',
    ]);
  });

  it('writes only the header when there are no rows', () => {
    expect(buildCsv(columns, [])).toBe('"Name","OTP ""Status""","Note","Created At"\r\n');
  });
});

describe('csvFileName', () => {
  it('is the title in lower case with hyphens plus the local date', () => {
    const date = new Date(2026, 10, 23, 23, 59);
    expect(csvFileName('Admin Users', date)).toBe('admin-users-2026-11-23.csv');
    expect(csvFileName('VPN Requests', date)).toBe('vpn-requests-2026-11-23.csv');
    expect(csvFileName('  System   Logs ', date)).toBe('system-logs-2026-11-23.csv');
  });

  it('pads months and days', () => {
    expect(localDateStamp(new Date(2027, 0, 5))).toBe('2027-01-05');
  });
});
