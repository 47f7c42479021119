import { Card, Stack, Text, Title } from '@mantine/core';
import { IconClockHour4 } from '@tabler/icons-react';
import type { DashboardTab } from './dashboard-views.js';

/**
 * Tabs whose data arrives with the review-tables release (issue 4, item 6: "tabs whose data arrives
 * with a later issue say so plainly until then").
 */
const UPCOMING: Partial<Record<DashboardTab, { title: string; what: string }>> = {
  overview: {
    title: 'Overview',
    what: 'six stat cards: waitlist sign-ups, VPN requests and contact forms (verified counts), the verification rate, the share of VPN requests filled and the contact response rate.',
  },
  waitlist: {
    title: 'Waitlist',
    what: 'waitlist sign-ups with their verification status, a status and notes editor, search by e-mail, a verified filter and CSV export.',
  },
  'vpn-requests': {
    title: 'VPN Requests',
    what: 'VPN detection requests with their request numbers, Play Store links, verification status, status and notes.',
  },
  contacts: {
    title: 'Contacts',
    what: 'contact form messages with their verification status, a status and notes editor, search and CSV export.',
  },
  logs: {
    title: 'Logs',
    what: 'admin and visitor activity: sign-ins and sign-outs, session views and disconnects, form attempts and code checks.',
  },
};

export function ComingSoonPanel({ tab }: { tab: DashboardTab }) {
  const upcoming = UPCOMING[tab];
  if (!upcoming) return null;
  return (
    <Card withBorder padding="xl" radius="md">
      <Stack gap="sm" align="flex-start">
        <IconClockHour4 size={28} aria-hidden />
        <Title order={2} size="h3">
          {upcoming.title}
        </Title>
        <Text>This tab arrives with the review-tables release; nothing is shown here until then.</Text>
        <Text c="dimmed" size="sm">
          It will show: {upcoming.what}
        </Text>
      </Stack>
    </Card>
  );
}

export const hasComingSoonPanel = (tab: DashboardTab): boolean => tab in UPCOMING;
