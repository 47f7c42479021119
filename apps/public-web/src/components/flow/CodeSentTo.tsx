import { Text } from '@mantine/core';

/** The code step's description: where the code went, then what verifying it does (`then`). */
export function CodeSentTo({ email, then }: { email: string; then: string }) {
  return (
    <>
      We sent a 6-digit verification code to{' '}
      {/* A long address has no space to wrap at: let it break anywhere rather than leave the card. */}
      <Text span fw={600} c="var(--mantine-color-text)" style={{ overflowWrap: 'anywhere' }}>
        {email}
      </Text>
      . {then}
    </>
  );
}
