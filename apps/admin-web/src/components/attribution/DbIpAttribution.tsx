import { Anchor, Text } from '@mantine/core';

/**
 * The IP database's countries and cities come from DB-IP (CC BY 4.0), whose licence asks every
 * page showing results from its data to carry this link (packages/ipdb-dataset/README.md).
 */
export function DbIpAttribution() {
  return (
    <Text size="xs" c="dimmed" ta="right">
      <Anchor href="https://db-ip.com" target="_blank" rel="noopener noreferrer" size="xs">
        IP Geolocation by DB-IP
      </Anchor>
    </Text>
  );
}
