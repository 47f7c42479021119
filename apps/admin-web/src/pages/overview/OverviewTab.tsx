/**
 * The Overview tab: six stat cards over `GET /dashboard/overview`. A failed load shows
 * 'Dashboard Error' with Retry; the header's Refresh reloads the stats (it invalidates every
 * query).
 */
import {
  Alert,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
  VisuallyHidden,
  type MantineColor,
} from '@mantine/core';
import {
  IconAlertCircle,
  IconChecklist,
  IconCircleCheck,
  IconDeviceMobileSearch,
  IconMail,
  IconMessageReply,
  IconRefresh,
  IconUsers,
  type Icon,
} from '@tabler/icons-react';
import { useOverview } from '../../api/review.js';
import { useLiveOverview } from '../../live/useLiveOverview.js';
import { errorText } from '../../auth/auth-errors.js';
import { overviewCards, type StatCard, type StatColor, type StatIcon } from './overview-cards.js';

const COLORS: Record<StatColor, MantineColor> = {
  blue: 'blue',
  green: 'green',
  purple: 'violet',
  orange: 'orange',
  teal: 'teal',
  indigo: 'indigo',
};

const ICONS: Record<StatIcon, Icon> = {
  waitlist: IconUsers,
  vpnRequests: IconDeviceMobileSearch,
  contacts: IconMail,
  rate: IconCircleCheck,
  filled: IconChecklist,
  response: IconMessageReply,
};

const GRID_COLS = { base: 1, xs: 2, md: 3 };

/** The server's reason, or the HTTP status; an answer of the wrong shape says so plainly. */
function loadErrorText(error: Error): string {
  if (error.name === 'ZodError') return 'The server answered with unexpected overview data.';
  return errorText(error);
}

function StatCardView({ card }: { card: StatCard }) {
  const Icon = ICONS[card.icon];
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      role="group"
      aria-label={card.title}
      data-testid="stat-card"
      data-color={card.color}
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <div>
          <Text size="sm" c="dimmed" fw={500}>
            {card.title}
          </Text>
          <Text fz={30} fw={700} lh={1.2} data-testid="stat-value">
            {card.value}
          </Text>
        </div>
        <ThemeIcon color={COLORS[card.color]} variant="light" size={44} radius="md">
          <Icon size={24} aria-hidden />
        </ThemeIcon>
      </Group>
      <Text size="xs" c="dimmed" mt="sm">
        {card.description}
      </Text>
    </Paper>
  );
}

export function OverviewTab() {
  const { data, error, isPending, isFetching, refetch } = useOverview();
  // The counts update by push (issue 16), as background calls.
  useLiveOverview();

  return (
    <Stack gap="md">
      <div>
        <Title order={3}>Overview</Title>
        <Text c="dimmed" size="sm">
          Submissions of the public forms: verified counts and verification rates.
        </Text>
      </div>

      {error && (
        <Alert
          color="red"
          variant="light"
          radius="md"
          title="Dashboard Error"
          icon={<IconAlertCircle size={20} />}
        >
          <Stack gap="sm" align="flex-start">
            <Text size="sm">{loadErrorText(error)}</Text>
            <Button
              color="red"
              size="xs"
              variant="light"
              leftSection={<IconRefresh size={14} aria-hidden />}
              loading={isFetching}
              onClick={() => void refetch()}
            >
              Retry
            </Button>
          </Stack>
        </Alert>
      )}

      {isPending && !error && (
        <SimpleGrid cols={GRID_COLS} aria-busy="true">
          <VisuallyHidden>Loading overview…</VisuallyHidden>
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} height={118} radius="md" />
          ))}
        </SimpleGrid>
      )}

      {data && (
        <SimpleGrid cols={GRID_COLS} aria-busy={isFetching}>
          {overviewCards(data).map((card) => (
            <StatCardView key={card.title} card={card} />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
