import '@mantine/core/styles/Typography.css';
import { Anchor, Container, Group, Stack, Text, Title, Typography } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { usePageTitle } from '../../components/layout/use-page-title.js';
import classes from './LegalLayout.module.css';

export interface LegalSection {
  /** Anchor of the section (the table of contents links to `#id`). */
  id: string;
  title: string;
  content: ReactNode;
}

export interface LegalLayoutProps {
  title: string;
  /** The whole date line as shown, e.g. 'Last updated: August 21, 2025'. */
  dateLine: string;
  /** The same date in ISO form, for the <time> element. */
  isoDate: string;
  /** A short plain-language summary shown above the full text. */
  summary: ReactNode;
  sections: readonly LegalSection[];
}

function BackToHome() {
  return (
    <Anchor component={Link} to="/" size="sm">
      <Group gap={6} wrap="nowrap" component="span">
        <IconArrowLeft size={16} aria-hidden="true" />
        Back to home
      </Group>
    </Anchor>
  );
}

/**
 * Shared frame of the privacy policy, SaaS terms and EULA: title, date, a table of contents of
 * numbered sections, the text at a readable measure and a back-to-home link.
 */
export function LegalLayout({ title, dateLine, isoDate, summary, sections }: LegalLayoutProps) {
  usePageTitle(title);

  const tocHeadingId = 'legal-toc-heading';

  return (
    <Container size="lg" py={{ base: 'lg', sm: 'xl' }} px={{ base: 'md', sm: 'lg' }}>
      <Stack gap="lg">
        <BackToHome />
        <Stack gap={4} component="header">
          <Title order={1}>{title}</Title>
          <Text c="dimmed" component="time" dateTime={isoDate}>
            {dateLine}
          </Text>
        </Stack>

        <div className={classes.grid}>
          <nav aria-labelledby={tocHeadingId} className={classes.toc}>
            <Title order={2} size="h5" id={tocHeadingId} mb="sm">
              Contents
            </Title>
            <ol className={classes.tocList}>
              {sections.map((section, index) => (
                <li key={section.id}>
                  <a className={classes.tocLink} href={`#${section.id}`}>
                    {index + 1}. {section.title}
                  </a>
                </li>
              ))}
            </ol>
          </nav>

          <article className={classes.body} aria-label={title}>
            <Typography>
              <div className={classes.summary}>
                <Text fw={700} size="sm" mb={4} component="p">
                  {title} in brief
                </Text>
                {summary}
              </div>
              {sections.map((section, index) => (
                <section
                  key={section.id}
                  id={section.id}
                  className={classes.section}
                  aria-labelledby={`${section.id}-heading`}
                >
                  <h2 id={`${section.id}-heading`}>
                    {index + 1}. {section.title}
                  </h2>
                  {section.content}
                </section>
              ))}
            </Typography>
          </article>
        </div>

        <BackToHome />
      </Stack>
    </Container>
  );
}
