import { jest } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders } from '../../test/render.js';
import { GLOBE_CITIES } from './cities.js';
import { Globe } from './Globe.js';
import { isWebGLAvailable } from './webgl.js';

const globe = () => screen.getByRole('img', { name: /^Globe marking 21 cities where VPN servers cluster/ });

describe('Globe', () => {
  const originalGetContext = HTMLCanvasElement.prototype.getContext;
  afterEach(() => {
    HTMLCanvasElement.prototype.getContext = originalGetContext;
    delete (window as { WebGL2RenderingContext?: unknown }).WebGL2RenderingContext;
  });

  it('shows the still picture with all 21 markers where WebGL is unavailable (jsdom)', async () => {
    expect(isWebGLAvailable()).toBe(false);
    renderWithProviders(<Globe />);
    await waitFor(() => expect(globe()).toHaveAttribute('data-mode', 'static'));
    const picture = within(globe()).getByTestId('globe-static');
    expect(picture.querySelectorAll('[data-city]')).toHaveLength(21);
    for (const city of GLOBE_CITIES) expect(globe().getAttribute('aria-label')).toContain(city.name);
    expect(globe().querySelector('canvas')).toBeNull();
    // A still picture cannot be dragged, so the hint goes.
    expect(screen.queryByText('Drag to spin')).not.toBeInTheDocument();
    expect(screen.getByText('VPN server hub')).toBeInTheDocument();
  });

  it('falls back when the browser knows WebGL 2 but cannot create a context', async () => {
    (window as { WebGL2RenderingContext?: unknown }).WebGL2RenderingContext = class {};
    HTMLCanvasElement.prototype.getContext = (() => null) as typeof originalGetContext;
    expect(isWebGLAvailable()).toBe(false);
    renderWithProviders(<Globe />);
    await waitFor(() => expect(globe()).toHaveAttribute('data-mode', 'static'));
    expect(within(globe()).getByTestId('globe-static')).toBeInTheDocument();
  });

  it('falls back when three.js throws while setting up the scene', async () => {
    // A context that passes the probe but that three.js cannot work with.
    (window as { WebGL2RenderingContext?: unknown }).WebGL2RenderingContext = class {};
    const context: Pick<WebGL2RenderingContext, 'getExtension'> = { getExtension: () => null };
    jest.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(context as WebGL2RenderingContext);
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const warnings = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      renderWithProviders(<Globe />);
      expect(isWebGLAvailable()).toBe(true);
      await waitFor(() => expect(globe()).toHaveAttribute('data-mode', 'webgl'));
      await waitFor(() => expect(globe()).toHaveAttribute('data-mode', 'static'), { timeout: 10_000 });
      expect(within(globe()).getByTestId('globe-static')).toBeInTheDocument();
      expect(globe().querySelector('canvas')).toBeNull();
    } finally {
      errors.mockRestore();
      warnings.mockRestore();
    }
  }, 20_000);
});
