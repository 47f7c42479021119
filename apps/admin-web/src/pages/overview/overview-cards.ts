/**
 * The Overview's six stat cards: the verified counts of waitlist sign-ups, VPN requests and contact
 * forms, and the three rates of verified over total (rounded, dividing by at least 1). Pure, so
 * every value has a unit test.
 */
import { overviewPercentages, type DashboardStats } from '@tunnelscope/contracts';

/** The spec's colours; purple is Mantine's violet. */
export type StatColor = 'blue' | 'green' | 'purple' | 'orange' | 'teal' | 'indigo';
export type StatIcon = 'waitlist' | 'vpnRequests' | 'contacts' | 'rate' | 'filled' | 'response';

export interface StatCard {
  title: string;
  value: string;
  description: string;
  icon: StatIcon;
  color: StatColor;
}

const COUNT = new Intl.NumberFormat('en-US');
const count = (n: number) => COUNT.format(n);
const plural = (n: number, one: string, many: string) => `${count(n)} ${n === 1 ? one : many}`;

export function overviewCards(stats: DashboardStats): StatCard[] {
  const rates = overviewPercentages(stats);
  const { waitlist, vpnRequests, contacts } = stats;
  return [
    {
      title: 'Total Waitlist',
      value: count(waitlist.verified),
      description: `Verified sign-ups of ${count(waitlist.total)} total`,
      icon: 'waitlist',
      color: 'blue',
    },
    {
      title: 'VPN Requests',
      value: count(vpnRequests.verified),
      description: `Verified requests of ${count(vpnRequests.total)} total`,
      icon: 'vpnRequests',
      color: 'green',
    },
    {
      title: 'Contact Forms',
      value: count(contacts.verified),
      description: `Verified messages of ${count(contacts.total)} total`,
      icon: 'contacts',
      color: 'purple',
    },
    {
      title: 'Verification Rate',
      value: `${rates.verificationRate}%`,
      description: `${count(waitlist.verified)} of ${plural(waitlist.total, 'waitlist sign-up', 'waitlist sign-ups')} verified`,
      icon: 'rate',
      color: 'orange',
    },
    {
      title: 'VPN Request Filled',
      value: `${rates.vpnRequestFilled}%`,
      description: `${count(vpnRequests.verified)} of ${plural(vpnRequests.total, 'VPN request', 'VPN requests')} verified`,
      icon: 'filled',
      color: 'teal',
    },
    {
      title: 'Contact Response',
      value: `${rates.contactResponse}%`,
      description: `${count(contacts.verified)} of ${plural(contacts.total, 'contact form', 'contact forms')} verified`,
      icon: 'response',
      color: 'indigo',
    },
  ];
}
