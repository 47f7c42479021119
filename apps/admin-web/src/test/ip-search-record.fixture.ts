import type { IpSearchRecord } from '@tunnelscope/contracts';

/** An IP search record with every optional field null, to spread the fields a test needs over. */
export const emptyIpSearchRecord: IpSearchRecord = {
  data_type: 'current',
  ip: '185.220.101.4',
  country: null,
  city: null,
  isp: null,
  vpnname: null,
  vendorname: null,
  is_vpn: null,
  is_proxy: null,
  is_tor: null,
  lastchecked: null,
  historydate: null,
  subdomainname: null,
  subdomain: null,
  subdomain_lastchecked: null,
};
