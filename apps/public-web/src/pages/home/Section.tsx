import { Box, Container, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './HomePage.module.css';

/** One home-page section: a <section> named by its heading, optionally an anchor target. */
export function Section({
  id,
  titleId,
  tinted = false,
  className,
  children,
}: {
  /** Anchor of the navigation (#features …). */
  id?: string;
  titleId: string;
  tinted?: boolean;
  className?: string;
  children: ReactNode;
}) {
  const classNames = [classes.section, tinted ? classes.tinted : '', className ?? '']
    .filter(Boolean)
    .join(' ');
  return (
    <Box component="section" id={id} aria-labelledby={titleId} className={classNames}>
      <Container size="lg">{children}</Container>
    </Box>
  );
}

/** Eyebrow, h2 and lead paragraph at the top of a section. */
export function SectionHeader({
  titleId,
  eyebrow,
  title,
  children,
  centered = true,
}: {
  titleId: string;
  eyebrow?: string;
  title: string;
  children?: ReactNode;
  centered?: boolean;
}) {
  return (
    <div className={`${classes.header} ${centered ? classes.headerCentered : ''}`}>
      {eyebrow && (
        <Text size="sm" fw={700} tt="uppercase" className={`${classes.accent} ${classes.eyebrow}`} mb="xs">
          {eyebrow}
        </Text>
      )}
      <Title order={2} id={titleId} className={classes.sectionTitle}>
        {title}
      </Title>
      {children && (
        <Text size="lg" className={classes.muted} mt="md">
          {children}
        </Text>
      )}
    </div>
  );
}
