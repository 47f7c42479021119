import { Container, Title } from '@mantine/core';

// Placeholder: the page arrives with its part of the public-site issue.
export default function Page() {
  return (
    <Container size="lg" py="xl">
      <Title order={1}>Waitlist</Title>
    </Container>
  );
}
