import { Anchor, AppShell, Box, Burger, Button, Container, Drawer, Group, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { MouseEvent, ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { runtimeConfig } from '../../runtime-config.js';
import { Logo } from './Logo.js';
import { LOGO_HIDDEN_ON, NAV_LINKS } from './nav-links.js';
import { ThemeToggle } from './ThemeToggle.js';
import { useAnchorNavigation, useScrollToHashOnLoad } from './use-anchor-scroll.js';
import classes from './AppLayout.module.css';

function NavItems({ onNavigate, direction }: { onNavigate?: () => void; direction: 'row' | 'column' }) {
  const follow = useAnchorNavigation();
  const click = (to: string) => (event: MouseEvent) => {
    event.preventDefault();
    onNavigate?.();
    follow(to);
  };
  const Wrapper = direction === 'row' ? Group : Stack;
  return (
    <Wrapper gap={direction === 'row' ? 'lg' : 'md'}>
      {NAV_LINKS.map((link) => (
        <Anchor
          key={link.label}
          href={link.to}
          onClick={click(link.to)}
          className={classes.navLink}
          c="inherit"
        >
          {link.label}
        </Anchor>
      ))}
    </Wrapper>
  );
}

function CallsToAction({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <>
      <Button component={Link} to="/waitlist" onClick={onNavigate}>
        Join Waitlist
      </Button>
      <Button component={Link} to="/vpn-request" variant="default" onClick={onNavigate}>
        Request VPN
      </Button>
    </>
  );
}

export function AppLayout({ children }: { children: ReactNode }) {
  const [drawerOpen, drawer] = useDisclosure(false);
  const { pathname } = useLocation();
  useScrollToHashOnLoad();
  const showLogo = !LOGO_HIDDEN_ON.includes(pathname);
  const year = 2024;

  return (
    <AppShell header={{ height: 64 }} padding={0}>
      <a href="#main-content" className={classes.skipLink}>
        Skip to main content
      </a>
      <AppShell.Header component="header">
        <Container size="xl" h="100%">
          <Group h="100%" justify="space-between" wrap="nowrap" component="nav" aria-label="Main">
            <Box miw={showLogo ? undefined : 0}>{showLogo && <Logo />}</Box>
            <Box visibleFrom="md">
              <NavItems direction="row" />
            </Box>
            <Group gap="sm" wrap="nowrap">
              <Group gap="sm" visibleFrom="md">
                <CallsToAction />
              </Group>
              <ThemeToggle />
              <Burger
                opened={drawerOpen}
                onClick={drawer.toggle}
                hiddenFrom="md"
                aria-label="Open navigation menu"
              />
            </Group>
          </Group>
        </Container>
      </AppShell.Header>
      <Drawer
        opened={drawerOpen}
        onClose={drawer.close}
        position="right"
        size="xs"
        title="Menu"
        hiddenFrom="md"
      >
        <Stack gap="lg">
          <NavItems direction="column" onNavigate={drawer.close} />
          <CallsToAction onNavigate={drawer.close} />
        </Stack>
      </Drawer>
      <AppShell.Main id="main-content" tabIndex={-1} component="main">
        {children}
      </AppShell.Main>
      <Box component="footer" className={classes.footer}>
        <Container size="xl" py="xl">
          <Group justify="space-between" align="flex-start" gap="xl">
            <Stack gap="xs" maw={320}>
              <Logo />
              <Text size="sm" c="dimmed">
                VPN, Tor and proxy detection data for fraud-prevention and security teams.
              </Text>
              <Text size="sm">
                Sales: <Anchor href={`mailto:${runtimeConfig.salesEmail}`}>{runtimeConfig.salesEmail}</Anchor>
              </Text>
            </Stack>
            <Group gap={64} align="flex-start">
              <Stack gap={6} component="nav" aria-label="Product">
                <Text fw={600} size="sm">
                  Product
                </Text>
                <Anchor href="/#features" size="sm" c="dimmed">
                  Features
                </Anchor>
                <Anchor href="/#api" size="sm" c="dimmed">
                  API
                </Anchor>
                <Anchor component={Link} to="/docs/api" size="sm" c="dimmed">
                  API Reference
                </Anchor>
                <Anchor component={Link} to="/waitlist" size="sm" c="dimmed">
                  Waitlist
                </Anchor>
                <Anchor component={Link} to="/vpn-request" size="sm" c="dimmed">
                  Request VPN
                </Anchor>
              </Stack>
              <Stack gap={6} component="nav" aria-label="Company">
                <Text fw={600} size="sm">
                  Company
                </Text>
                <Anchor component={Link} to="/contact" size="sm" c="dimmed">
                  Contact
                </Anchor>
                <Anchor component={Link} to="/privacy" size="sm" c="dimmed">
                  Privacy
                </Anchor>
                <Anchor component={Link} to="/terms" size="sm" c="dimmed">
                  Terms
                </Anchor>
              </Stack>
            </Group>
          </Group>
          <Text size="xs" c="dimmed" mt="xl">
            © {year} {runtimeConfig.brandName}. All rights reserved.
          </Text>
        </Container>
      </Box>
    </AppShell>
  );
}
