import { Box, Button, Container, Group, Text, Title } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { runtimeConfig } from '../../../runtime-config.js';
import classes from '../HomePage.module.css';

/** 10. Closing call to action. */
export function CallToActionSection() {
  return (
    <Box
      component="section"
      aria-labelledby="get-started-title"
      className={`${classes.section} ${classes.cta}`}
    >
      <Container size="md" ta="center">
        <Title order={2} id="get-started-title" className={classes.sectionTitle}>
          {`Get started with ${runtimeConfig.brandName}`}
        </Title>
        <Text size="lg" className={classes.ctaText} mt="md" maw={40 * 16} mx="auto">
          Join the waitlist for early API access, or talk to us about volumes, integrations and enterprise
          plans.
        </Text>
        <Group justify="center" gap="md" mt="xl">
          <Button
            component={Link}
            to="/waitlist"
            size="md"
            variant="white"
            color="blue.8"
            rightSection={<IconArrowRight size={18} aria-hidden />}
          >
            Join Waitlist
          </Button>
          <Button component={Link} to="/contact" size="md" variant="outline" className={classes.ctaSecondary}>
            Contact Us
          </Button>
        </Group>
      </Container>
    </Box>
  );
}
