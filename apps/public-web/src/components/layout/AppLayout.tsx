import { Anchor, type AnchorProps, Box, Burger, Button, Container, Group, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { lazy, Suspense, useMemo, useRef, useState, type MouseEvent, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { runtimeConfig } from '../../runtime-config.js';
import { Logo } from './Logo.js';
import { LOGO_HIDDEN_ON, NAV_LINKS } from './nav-links.js';
import { ThemeToggle } from './ThemeToggle.js';
import { LayoutContext } from './layout-context.js';
import { isPlainLeftClick } from './nav-click.js';
import { useAnchorNavigation, useScrollToHashOnLoad } from './use-anchor-scroll.js';
import { useRouteFocus } from './use-route-focus.js';
import classes from './AppLayout.module.css';

// Out of the initial chunk (see MenuDrawer); fetched when the burger is first pointed at or focused.
const loadMenuDrawer = () => import('./MenuDrawer.js');
const MenuDrawer = lazy(loadMenuDrawer);

/**
 * A real <a href> to a page or a home-page anchor ('/#features'). A plain left click stays in the
 * app: smooth scroll on the home page, navigation elsewhere (useAnchorNavigation); any other click
 * (Ctrl/Cmd for a new tab …) is the browser's.
 */
function NavAnchor({
  to,
  onNavigate,
  children,
  ...rest
}: { to: string; onNavigate?: () => void; children: ReactNode } & AnchorProps) {
  const follow = useAnchorNavigation();
  const click = (event: MouseEvent) => {
    if (!isPlainLeftClick(event)) return;
    event.preventDefault();
    onNavigate?.();
    follow(to);
  };
  return (
    <Anchor href={to} onClick={click} {...rest}>
      {children}
    </Anchor>
  );
}

function NavItems({ onNavigate, direction }: { onNavigate?: () => void; direction: 'row' | 'column' }) {
  const Wrapper = direction === 'row' ? Group : Stack;
  return (
    <Wrapper gap={direction === 'row' ? 'lg' : 'md'}>
      {NAV_LINKS.map((link) => (
        <NavAnchor
          key={link.label}
          to={link.to}
          onNavigate={onNavigate}
          className={classes.navLink}
          c="inherit"
        >
          {link.label}
        </NavAnchor>
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
  // The drawer mounts on the first open and stays mounted, so closing it still slides out.
  const [drawerWanted, setDrawerWanted] = useState(false);
  const warmMenuDrawer = () => void loadMenuDrawer().catch(() => undefined);
  const { pathname, key } = useLocation();
  const mainRef = useRef<HTMLElement>(null);
  useScrollToHashOnLoad();
  useRouteFocus(mainRef);
  const layout = useMemo(() => ({ insideMain: true, locationKey: key }), [key]);
  const showLogo = !LOGO_HIDDEN_ON.includes(pathname);
  const year = 2024;

  return (
    // A header, the page and a footer, laid out by AppLayout.module.css rather than Mantine's
    // AppShell: AppShell sets a state in a layout effect when it mounts, which re-rendered the whole
    // page synchronously during hydration (one long task on a phone; Lighthouse mobile TBT).
    <div className={classes.shell}>
      <a href="#main-content" className={classes.skipLink}>
        Skip to main content
      </a>
      <header className={classes.header}>
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
                onClick={() => {
                  setDrawerWanted(true);
                  drawer.toggle();
                }}
                onPointerEnter={warmMenuDrawer}
                onFocus={warmMenuDrawer}
                hiddenFrom="md"
                aria-label="Open navigation menu"
              />
            </Group>
          </Group>
        </Container>
      </header>
      {drawerWanted && (
        <Suspense fallback={null}>
          <MenuDrawer opened={drawerOpen} onClose={drawer.close}>
            <Stack gap="lg">
              <NavItems direction="column" onNavigate={drawer.close} />
              <CallsToAction onNavigate={drawer.close} />
            </Stack>
          </MenuDrawer>
        </Suspense>
      )}
      <main id="main-content" tabIndex={-1} ref={mainRef} className={classes.main}>
        <LayoutContext.Provider value={layout}>{children}</LayoutContext.Provider>
      </main>
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
                <NavAnchor to="/#features" size="sm" c="dimmed">
                  Features
                </NavAnchor>
                <NavAnchor to="/#api" size="sm" c="dimmed">
                  API
                </NavAnchor>
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
    </div>
  );
}
