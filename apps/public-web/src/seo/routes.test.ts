import { PUBLIC_ORIGIN_PLACEHOLDER, PUBLIC_ROUTES, RUNTIME_PLACEHOLDERS } from '@tunnelscope/contracts';
import { headTagsFor } from './head.js';
import { ROUTE_SEO, seoFor } from './routes.js';

describe('the SEO table', () => {
  it('gives every public route its own title and description', () => {
    const titles = PUBLIC_ROUTES.map((route) => ROUTE_SEO[route].title('Acme'));
    const descriptions = PUBLIC_ROUTES.map((route) => ROUTE_SEO[route].description('Acme'));
    expect(new Set(titles).size).toBe(PUBLIC_ROUTES.length);
    expect(new Set(descriptions).size).toBe(PUBLIC_ROUTES.length);
    for (const description of descriptions) expect(description.length).toBeLessThanOrEqual(160);
  });

  it('names the tabs as the pages that title themselves do (usePageTitle)', () => {
    expect(ROUTE_SEO['/docs/api'].title('Acme')).toBe('API reference | Acme');
    expect(ROUTE_SEO['/security-demo'].title('Acme')).toBe('Security Demo | Acme');
    expect(ROUTE_SEO['/privacy'].title('Acme')).toBe('Privacy Policy | Acme');
    expect(seoFor('/nope')).toMatchObject({ known: false });
  });
});

describe('headTagsFor', () => {
  it('writes a route title, description, canonical link and the cards, with the placeholders', () => {
    const head = headTagsFor('/waitlist');
    expect(head).toContain(`<title>Join the Waitlist | ${RUNTIME_PLACEHOLDERS.brandName}</title>`);
    expect(head).toContain(`<link rel="canonical" href="${PUBLIC_ORIGIN_PLACEHOLDER}/waitlist" />`);
    expect(head).toContain(`<meta property="og:url" content="${PUBLIC_ORIGIN_PLACEHOLDER}/waitlist" />`);
    expect(head).toContain(
      `<meta property="og:image" content="${PUBLIC_ORIGIN_PLACEHOLDER}/og-image.png" />`,
    );
    expect(head).toContain('<meta name="twitter:card" content="summary_large_image" />');
    expect(head).not.toContain('noindex');
  });

  it('keeps the 404 page out of the index, with no canonical address', () => {
    const head = headTagsFor('/nope');
    expect(head).toContain('<meta name="robots" content="noindex" />');
    expect(head).not.toContain('rel="canonical"');
    expect(head).not.toContain('og:url');
  });
});
