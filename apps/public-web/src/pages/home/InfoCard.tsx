import { Card, Text, ThemeIcon, Title } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import classes from './HomePage.module.css';

export interface InfoItem {
  title: string;
  text: string;
  Icon: Icon;
}

/** An icon, an h3 and one or two sentences: the card used by several home-page sections. */
export function InfoCard({ item, color = 'blue' }: { item: InfoItem; color?: string }) {
  const { Icon, title, text } = item;
  return (
    <Card withBorder radius="md" padding="lg" className={classes.card} component="article">
      <ThemeIcon variant="light" color={color} size={44} radius="md" aria-hidden>
        <Icon size={24} stroke={1.6} />
      </ThemeIcon>
      <Title order={3} fz="lg" mt="md">
        {title}
      </Title>
      <Text size="sm" className={classes.muted} mt={6} lh={1.6}>
        {text}
      </Text>
    </Card>
  );
}
