import { IP_RECORD_TYPES, type IpRecordType, type IpSearchRecord } from '@tunnelscope/contracts';

/** The result groups of an IP search, in the order they are shown. */
export const RECORD_GROUP_TITLES: Record<IpRecordType, string> = {
  current: 'Current Information',
  history: 'Historical Information',
  subdomain: 'Related Subdomains',
  subdomain_history: 'Subdomain History',
};

export interface RecordGroup {
  type: IpRecordType;
  title: string;
  records: IpSearchRecord[];
}

/**
 * Splits search records by `data_type` into the four groups, always all four and in the spec's
 * order; records keep the server's order inside their group.
 */
export function groupRecords(records: readonly IpSearchRecord[]): RecordGroup[] {
  const byType = new Map<IpRecordType, IpSearchRecord[]>(IP_RECORD_TYPES.map((type) => [type, []]));
  for (const record of records) byType.get(record.data_type)?.push(record);
  return IP_RECORD_TYPES.map((type) => ({
    type,
    title: RECORD_GROUP_TITLES[type],
    records: byType.get(type) ?? [],
  }));
}
