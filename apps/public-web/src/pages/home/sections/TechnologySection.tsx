import { Badge, Card, Group, SimpleGrid, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconBuilding,
  IconDatabase,
  IconHistory,
  IconMapPin,
  IconRefresh,
  IconTarget,
} from '@tabler/icons-react';
import type { InfoItem } from '../InfoCard.js';
import { Section, SectionHeader } from '../Section.js';
import classes from '../HomePage.module.css';

export const TECHNOLOGY: readonly (InfoItem & { figure?: string })[] = [
  {
    title: 'Precision detection',
    figure: '99%',
    text: 'Exit addresses are observed by connecting through each VPN service ourselves, then verified before they are published.',
    Icon: IconTarget,
  },
  {
    title: 'Geolocation',
    text: 'Country, region and city resolved by cross-checking registry records with routing data, not a single source.',
    Icon: IconMapPin,
  },
  {
    title: 'ISP attribution',
    text: 'Every address is tied to the company that operates it — name, domain and type — and to its ASN and route.',
    Icon: IconBuilding,
  },
  {
    title: 'Historical IP analysis',
    text: 'Each detection keeps the dates it was first and last seen; ask for a maximum age and older detections no longer count.',
    Icon: IconHistory,
  },
];

/** 6. Technology (#technology). */
export function TechnologySection() {
  return (
    <Section id="technology" titleId="technology-title" tinted>
      <SectionHeader titleId="technology-title" eyebrow="Technology" title="Built for precision">
        Data aggregated from multiple sources — our own VPN client testing, network registries and routing
        tables — is cross-checked before it reaches the database.
      </SectionHeader>
      <Group justify="center" gap="sm" mb="xl">
        <Badge
          size="lg"
          variant="light"
          radius="sm"
          tt="none"
          className={classes.badgeAccent}
          leftSection={<IconRefresh size={16} aria-hidden />}
        >
          Database refreshed every 12 hours
        </Badge>
        <Badge
          size="lg"
          variant="light"
          radius="sm"
          tt="none"
          className={classes.badgeAccent}
          leftSection={<IconDatabase size={16} aria-hidden />}
        >
          Aggregated from multiple sources
        </Badge>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        {TECHNOLOGY.map(({ title, text, Icon, figure }) => (
          <Card key={title} withBorder radius="md" padding="lg" className={classes.card} component="article">
            <Group justify="space-between" align="flex-start" wrap="nowrap">
              <ThemeIcon variant="light" size={44} radius="md" aria-hidden>
                <Icon size={24} stroke={1.6} />
              </ThemeIcon>
              {figure && (
                <Text className={`${classes.figure} ${classes.accent}`}>
                  {figure}
                  <Text span size="sm" fw={600} className={classes.muted} ml={6}>
                    accuracy
                  </Text>
                </Text>
              )}
            </Group>
            <Title order={3} fz="lg" mt="md">
              {title}
            </Title>
            <Text size="sm" className={classes.muted} mt={6} lh={1.6}>
              {text}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
    </Section>
  );
}
