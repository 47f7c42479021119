import { jest } from '@jest/globals';
import { act, screen, waitFor } from '@testing-library/react';
import { createRef } from 'react';
import { installFakeTurnstile } from '../auth/testing.js';
import { renderWithProviders } from '../test/render.js';
import { explicitRenderUrl, loadTurnstile, resetTurnstileLoaderForTests } from './turnstile-api.js';
import { TURNSTILE_LOAD_ERROR, TurnstileWidget, type TurnstileHandle } from './TurnstileWidget.js';

const SCRIPT = 'http://localhost/turnstile-standin/api.js';
const scripts = () => document.querySelectorAll<HTMLScriptElement>('script[data-turnstile]');

beforeEach(() => {
  resetTurnstileLoaderForTests();
  delete window.turnstile;
});

describe('loadTurnstile', () => {
  it('asks for explicit rendering, keeping other query parameters', () => {
    expect(explicitRenderUrl('https://challenges.cloudflare.com/turnstile/v0/api.js')).toBe(
      'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit',
    );
    expect(explicitRenderUrl('http://localhost:8080/standin/api.js?v=2')).toBe(
      'http://localhost:8080/standin/api.js?v=2&render=explicit',
    );
  });

  it('adds one script tag however many widgets ask, and answers the API once it loaded', async () => {
    const first = loadTurnstile(SCRIPT);
    const second = loadTurnstile(SCRIPT);
    expect(scripts()).toHaveLength(1);
    expect(scripts()[0]!.src).toBe(`${SCRIPT}?render=explicit`);
    const fake = installFakeTurnstile();
    scripts()[0]!.onload?.(new Event('load'));
    await expect(first).resolves.toBe(fake.api);
    await expect(second).resolves.toBe(fake.api);
  });

  it('fails when the script cannot load, and lets a later mount try again', async () => {
    const attempt = loadTurnstile(SCRIPT);
    scripts()[0]!.onerror?.(new Event('error'));
    await expect(attempt).rejects.toThrow('could not be loaded');
    expect(scripts()).toHaveLength(0);
    void loadTurnstile(SCRIPT);
    expect(scripts()).toHaveLength(1);
  });
});

describe('TurnstileWidget', () => {
  it('renders with the site key in the dark theme, passes tokens up, and removes itself on unmount', async () => {
    const fake = installFakeTurnstile();
    const onToken = jest.fn();
    const view = renderWithProviders(
      <TurnstileWidget onToken={onToken} siteKey="1x00000000000000000000AA" scriptUrl={SCRIPT} />,
    );
    await waitFor(() => expect(fake.api.render).toHaveBeenCalledTimes(1));
    const [container, options] = fake.api.render.mock.calls[0]!;
    expect(container).toBe(screen.getByTestId('turnstile-container'));
    expect(options).toMatchObject({ sitekey: '1x00000000000000000000AA', theme: 'dark' });
    act(() => fake.solve('XXXX.DUMMY.TOKEN.XXXX'));
    expect(onToken).toHaveBeenLastCalledWith('XXXX.DUMMY.TOKEN.XXXX');
    act(() => fake.fail());
    expect(onToken).toHaveBeenLastCalledWith(null);
    view.unmount();
    expect(fake.api.remove).toHaveBeenCalledWith('widget-1');
  });

  it('reset() clears the token and resets the same widget', async () => {
    const fake = installFakeTurnstile();
    const onToken = jest.fn();
    const ref = createRef<TurnstileHandle>();
    renderWithProviders(<TurnstileWidget ref={ref} onToken={onToken} scriptUrl={SCRIPT} />);
    await waitFor(() => expect(fake.api.render).toHaveBeenCalled());
    act(() => ref.current!.reset());
    expect(onToken).toHaveBeenLastCalledWith(null);
    expect(fake.api.reset).toHaveBeenCalledWith('widget-1');
  });

  it('says so when the script cannot be loaded', async () => {
    renderWithProviders(<TurnstileWidget onToken={() => undefined} scriptUrl={SCRIPT} />);
    act(() => {
      scripts()[0]!.onerror?.(new Event('error'));
    });
    expect(await screen.findByText(TURNSTILE_LOAD_ERROR)).toBeInTheDocument();
  });
});
