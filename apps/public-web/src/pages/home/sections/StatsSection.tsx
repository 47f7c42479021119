import { Box, Container, Title } from '@mantine/core';
import { useStats } from '../../../api/stats.js';
import { runtimeConfig } from '../../../runtime-config.js';
import classes from '../HomePage.module.css';

export const STAT_LABELS = {
  ipsTracked: 'IPs Tracked',
  vendorsSupported: 'VPN Vendors',
  accuracyRate: 'Detection Accuracy',
  updateRate: 'Update Rate',
} as const;

/** 2. Stats row from GET /api/stats; the hook answers the spec's fallbacks until and unless it loads. */
export function StatsSection() {
  const { stats } = useStats();
  const keys = Object.keys(STAT_LABELS) as (keyof typeof STAT_LABELS)[];
  return (
    <Box component="section" aria-labelledby="stats-title" className={classes.stats}>
      <Container size="lg">
        <Title order={2} id="stats-title" className={classes.srOnly}>
          {runtimeConfig.brandName} in numbers
        </Title>
        <dl className={classes.statList}>
          {keys.map((key) => (
            <div key={key} className={classes.stat} data-stat={key}>
              <dt className={`${classes.statLabel} ${classes.muted}`}>{STAT_LABELS[key]}</dt>
              <dd className={`${classes.statValue} ${classes.accent}`}>{stats[key]}</dd>
            </div>
          ))}
        </dl>
      </Container>
    </Box>
  );
}
