import { Paper, type PaperProps } from '@mantine/core';
import type { ReactNode } from 'react';

/** The bordered card each step sits in; its padding shrinks on phones (360 px and up). */
export function FlowCard({ children, ...props }: PaperProps & { children: ReactNode }) {
  return (
    <Paper withBorder radius="lg" shadow="sm" p={{ base: 'md', xs: 'lg', sm: 'xl' }} {...props}>
      {children}
    </Paper>
  );
}
