import { Anchor, Group, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { runtimeConfig } from '../../runtime-config.js';

export function Logo() {
  return (
    <Anchor
      component={Link}
      to="/"
      aria-label={`${runtimeConfig.brandName} home`}
      underline="never"
      c="inherit"
    >
      <Group gap={8} wrap="nowrap">
        <svg width="28" height="28" viewBox="0 0 32 32" aria-hidden="true">
          <rect width="32" height="32" rx="7" fill="var(--mantine-color-blue-filled)" />
          <circle cx="16" cy="16" r="8" fill="none" stroke="#fff" strokeWidth="2.5" />
          <path
            d="M8 16h16M16 8c3 3 3 13 0 16M16 8c-3 3-3 13 0 16"
            fill="none"
            stroke="#fff"
            strokeWidth="1.6"
          />
        </svg>
        <Text fw={800} size="lg">
          {runtimeConfig.brandName}
        </Text>
      </Group>
    </Anchor>
  );
}
