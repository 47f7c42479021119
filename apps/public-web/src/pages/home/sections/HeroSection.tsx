import { Badge, Box, Button, Container, Group, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { runtimeConfig } from '../../../runtime-config.js';
import classes from '../HomePage.module.css';

/** 1. Hero: the page's only h1 and the two sign-up paths. */
export function HeroSection() {
  return (
    <Box component="section" aria-labelledby="hero-title" className={classes.hero}>
      <Container size="lg" ta="center">
        <Badge variant="light" size="lg" radius="xl" mb="lg" tt="none" className={classes.badgeAccent}>
          Early access · VPN, Tor &amp; proxy API
        </Badge>
        <Title order={1} id="hero-title" className={classes.heroTitle}>
          The Trusted Source For VPN Detection
        </Title>
        <Text className={`${classes.heroLead} ${classes.muted}`} mt="lg">
          {runtimeConfig.brandName} flags VPN, Tor and proxy connections with 99.7% accuracy and tells you who
          is behind each IP address — the VPN provider, the company, its location and its network — so fraud
          and security teams can act before a masked session does damage.
        </Text>
        <Group justify="center" gap="md" mt="xl">
          <Button component={Link} to="/waitlist" size="md">
            Join Waitlist
          </Button>
          <Button component={Link} to="/vpn-request" size="md" variant="default">
            Request VPN
          </Button>
        </Group>
        <Text size="sm" className={classes.muted} mt="md">
          Missing a VPN app? Request it and we will add its servers to the database.
        </Text>
      </Container>
    </Box>
  );
}
