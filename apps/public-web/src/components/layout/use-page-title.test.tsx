import { render } from '@testing-library/react';
import { runtimeConfig } from '../../runtime-config.js';
import { usePageTitle } from './use-page-title.js';

function Titled({ page }: { page: string }) {
  usePageTitle(page);
  return null;
}

describe('usePageTitle', () => {
  it('names the tab while the page shows', () => {
    render(<Titled page="Security Demo" />);
    expect(document.title).toBe(`Security Demo | ${runtimeConfig.brandName}`);
  });

  it('leaves the title the next route set when the page unmounts (the route head owns navigation)', () => {
    const { unmount } = render(<Titled page="Security Demo" />);
    // What useRouteHead does on the navigation, before the page just left unmounts.
    document.title = `Contact Us | ${runtimeConfig.brandName}`;
    unmount();
    expect(document.title).toBe(`Contact Us | ${runtimeConfig.brandName}`);
  });
});
