import type { IpSearchRecord } from '@tunnelscope/contracts';
import { emptyIpSearchRecord } from '../../test/ip-search-record.fixture.js';
import { groupRecords } from './search-groups.js';

const base = emptyIpSearchRecord;

describe('groupRecords', () => {
  it('puts each record in the group of its data_type, in the spec order, keeping server order', () => {
    const records: IpSearchRecord[] = [
      { ...base, data_type: 'subdomain_history', subdomainname: 'old.example' },
      { ...base, data_type: 'history', historydate: '2025-01-01T00:00:00.000Z' },
      { ...base, data_type: 'current' },
      { ...base, data_type: 'history', historydate: '2024-12-01T00:00:00.000Z' },
      { ...base, data_type: 'subdomain', subdomainname: 'de1.example' },
    ];
    const groups = groupRecords(records);
    expect(groups.map((g) => [g.title, g.records.length])).toEqual([
      ['Current Information', 1],
      ['Historical Information', 2],
      ['Related Subdomains', 1],
      ['Subdomain History', 1],
    ]);
    expect(groups[1]!.records.map((r) => r.historydate)).toEqual([
      '2025-01-01T00:00:00.000Z',
      '2024-12-01T00:00:00.000Z',
    ]);
  });

  it('always answers all four groups', () => {
    expect(groupRecords([]).map((g) => g.records.length)).toEqual([0, 0, 0, 0]);
  });
});
