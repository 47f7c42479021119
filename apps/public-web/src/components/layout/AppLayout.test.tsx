import { jest } from '@jest/globals';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { renderWithProviders, setupUser } from '../../test/render.js';
import { AppLayout } from './AppLayout.js';
import { isPlainLeftClick } from './nav-click.js';

function Where() {
  const { pathname, hash } = useLocation();
  return <output aria-label="Location">{`${pathname}${hash}`}</output>;
}

function renderSite(path: string) {
  return renderWithProviders(
    <AppLayout>
      <Where />
      <Routes>
        <Route
          path="/"
          element={
            <>
              <h1>Home page</h1>
              <section id="features">Features</section>
            </>
          }
        />
        <Route path="/contact" element={<h1>Contact page</h1>} />
      </Routes>
    </AppLayout>,
    { path },
  );
}

const mainNav = () => screen.getByRole('navigation', { name: 'Main' });
const location = () => screen.getByRole('status', { name: 'Location' }).textContent;

let scrollTo: jest.Mock;
beforeEach(() => {
  scrollTo = jest.fn();
  window.scrollTo = scrollTo as unknown as typeof window.scrollTo;
});

describe('navigation', () => {
  it('the burger opens the menu drawer (loaded on demand) and a link in it navigates and closes it', async () => {
    const user = setupUser();
    renderSite('/');
    expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Open navigation menu' }));
    const drawer = await screen.findByRole('dialog', { name: 'Menu' });
    await user.click(within(drawer).getByRole('link', { name: 'Contact' }));
    expect(location()).toBe('/contact');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument());
  });

  it('a route change scrolls to the top and moves focus to the new h1', async () => {
    const user = setupUser();
    renderSite('/');
    // Arrival is the browser's own: no focus move, no scroll.
    expect(document.activeElement).toBe(document.body);
    await user.click(within(mainNav()).getByRole('link', { name: 'Contact' }));
    expect(location()).toBe('/contact');
    const heading = screen.getByRole('heading', { level: 1, name: 'Contact page' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(heading).toHaveAttribute('tabindex', '-1');
    expect(scrollTo).toHaveBeenCalledWith(expect.objectContaining({ top: 0 }));
  });

  it('an address with an anchor is left to the anchor scroll (no jump to the top)', async () => {
    const user = setupUser();
    renderSite('/contact');
    await user.click(within(mainNav()).getByRole('link', { name: 'Features' }));
    expect(location()).toBe('/#features');
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Home page' })).toHaveFocus());
    expect(scrollTo).not.toHaveBeenCalled();
  });

  it('Ctrl/Cmd-click and other buttons are left to the browser (a new tab); the links are real', () => {
    renderSite('/');
    const contact = within(mainNav()).getByRole('link', { name: 'Contact' });
    expect(contact).toHaveAttribute('href', '/contact');
    for (const modifier of [{ ctrlKey: true }, { metaKey: true }, { shiftKey: true }]) {
      // fireEvent answers false when a handler called preventDefault.
      expect(fireEvent.click(contact, modifier)).toBe(true);
    }
    expect(location()).toBe('/');
    const footerFeatures = within(screen.getByRole('navigation', { name: 'Product' })).getByRole('link', {
      name: 'Features',
    });
    expect(fireEvent.click(footerFeatures, { metaKey: true })).toBe(true);
    expect(location()).toBe('/');
  });

  it("footer anchors behave like the header's: smooth scroll on the home page, navigation elsewhere", async () => {
    const user = setupUser();
    renderSite('/');
    const product = () => screen.getByRole('navigation', { name: 'Product' });
    const scrollIntoView = jest.fn();
    document.getElementById('features')!.scrollIntoView = scrollIntoView;
    await user.click(within(product()).getByRole('link', { name: 'Features' }));
    expect(scrollIntoView).toHaveBeenCalledWith({ behavior: 'smooth', block: 'start' });
    expect(location()).toBe('/');

    await user.click(within(mainNav()).getByRole('link', { name: 'Contact' }));
    await user.click(within(product()).getByRole('link', { name: 'API' }));
    expect(location()).toBe('/#api');
  });

  it('an anchor link clicked while the next page is still loading navigates, instead of scrolling the page on its way out', async () => {
    const user = setupUser();
    renderSite('/');
    const product = () => screen.getByRole('navigation', { name: 'Product' });
    const scrollIntoView = jest.fn();
    document.getElementById('features')!.scrollIntoView = scrollIntoView;
    // A route change whose page (a lazy chunk) has not shown yet: the address has moved on, the
    // home page is still on screen.
    window.history.pushState(null, '', '/contact');
    try {
      await user.click(within(product()).getByRole('link', { name: 'Features' }));
      expect(scrollIntoView).not.toHaveBeenCalled();
      expect(location()).toBe('/#features');
    } finally {
      window.history.replaceState(null, '', '/');
    }
  });
});

describe('isPlainLeftClick', () => {
  const click = (init: Partial<MouseEvent>) =>
    ({
      defaultPrevented: false,
      button: 0,
      metaKey: false,
      ctrlKey: false,
      shiftKey: false,
      altKey: false,
      ...init,
    }) as never;
  it('is only a left click without modifiers', () => {
    expect(isPlainLeftClick(click({}))).toBe(true);
    expect(isPlainLeftClick(click({ ctrlKey: true }))).toBe(false);
    expect(isPlainLeftClick(click({ metaKey: true }))).toBe(false);
    expect(isPlainLeftClick(click({ button: 1 }))).toBe(false);
    expect(isPlainLeftClick(click({ defaultPrevented: true }))).toBe(false);
  });
});
