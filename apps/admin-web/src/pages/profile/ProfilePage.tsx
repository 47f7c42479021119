/** Profile Settings (admin §2): the General and Security tabs. Loaded on demand from the header. */
import { Card, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconSettings, IconShieldLock } from '@tabler/icons-react';
import { useCurrentUser } from '../../auth/AuthContext.js';
import { GeneralTab } from './GeneralTab.js';
import { SecurityTab } from './SecurityTab.js';

export function ProfilePage() {
  const user = useCurrentUser();
  return (
    <Stack gap="md">
      <div>
        <Title order={2}>Profile Settings</Title>
        <Text c="dimmed" size="sm">
          Your account ({user.username}) and how you sign in.
        </Text>
      </div>
      <Card withBorder padding="lg" radius="md">
        <Tabs defaultValue="general">
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
