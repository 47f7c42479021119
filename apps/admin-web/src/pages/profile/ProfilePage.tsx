/**
 * Profile Settings: the General and Security tabs, opened from the header's Profile menu and
 * loaded on demand. The open tab is part of the address (`/app/profile/security`).
 */
import { Card, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconSettings, IconShieldLock } from '@tabler/icons-react';
import { useCurrentUser } from '../../auth/AuthContext.js';
import { useViewSection } from '../dashboard/dashboard-views.js';
import { GeneralTab } from './GeneralTab.js';
import { SecurityTab } from './SecurityTab.js';

export function ProfilePage() {
  const user = useCurrentUser();
  const [section, openSection] = useViewSection('profile');
  return (
    <Stack gap="md">
      <div>
        <Title order={2}>Profile Settings</Title>
        <Text c="dimmed" size="sm">
          Your account ({user.username}) and how you sign in.
        </Text>
      </div>
      <Card withBorder padding="lg" radius="md">
        <Tabs
          value={section}
          onChange={(value) => {
            if (value === 'general' || value === 'security') openSection(value);
          }}
        >
          <Tabs.List mb="lg">
            <Tabs.Tab value="general" leftSection={<IconSettings size={16} aria-hidden />}>
              General
            </Tabs.Tab>
            <Tabs.Tab value="security" leftSection={<IconShieldLock size={16} aria-hidden />}>
              Security
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="general">
            <GeneralTab />
          </Tabs.Panel>
          <Tabs.Panel value="security">
            <SecurityTab />
          </Tabs.Panel>
        </Tabs>
      </Card>
    </Stack>
  );
}
