import { Center, Loader, Stack, Text } from '@mantine/core';

/** Full-page wait; the panel's first screen, while the auth check runs, reads 'Loading admin panel...'. */
export function LoadingScreen({ label = 'Loading admin panel...' }: { label?: string }) {
  return (
    <Center mih="100vh" aria-busy="true">
      <Stack align="center" gap="sm">
        <Loader aria-hidden />
        <Text c="dimmed">{label}</Text>
      </Stack>
    </Center>
  );
}

/** Inside a tab or view while its lazy chunk or first data loads. */
export function SectionLoader({ label }: { label: string }) {
  return (
    <Center py="xl" aria-busy="true">
      <Loader size="sm" aria-label={label} />
    </Center>
  );
}
