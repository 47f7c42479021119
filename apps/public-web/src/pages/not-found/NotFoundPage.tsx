import { Button, Code, Container, Stack, Text, Title } from '@mantine/core';
import { Link, useLocation } from 'react-router-dom';
import { useHydrated } from '../../prerender/use-hydrated.js';

export default function NotFoundPage() {
  const { pathname: address } = useLocation();
  // The build prerenders this page once for every unknown address: the address shows once hydrated.
  const pathname = useHydrated() ? address : '';
  return (
    <Container size="sm" py={96}>
      <Stack align="center" gap="md">
        <Title order={1} ta="center">
          404 Page Not Found
        </Title>
        <Text c="dimmed" ta="center">
          <Code>GET {pathname}</Code> matched no route. Check the address for a typo, or head back to the home
          page.
        </Text>
        <Button component={Link} to="/">
          Back to Home
        </Button>
      </Stack>
    </Container>
  );
}
