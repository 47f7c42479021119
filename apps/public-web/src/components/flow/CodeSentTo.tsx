import { Text } from '@mantine/core';

/** The code step's description: where the code went, then what verifying it does (`then`). */
export function CodeSentTo({ email, then }: { email: string; then: string }) {
  return (
    <>
      We sent a 6-digit verification code to{' '}
      <Text span fw={600} c="var(--mantine-color-text)">
        {email}
      </Text>
      . {then}
    </>
  );
}
