import { RUNTIME_CONFIG_ELEMENT_ID } from '@tunnelscope/contracts';
import { readRuntimeConfig } from './runtime-config.js';

function docWith(json: string | null): Document {
  const doc = document.implementation.createHTMLDocument('t');
  if (json !== null) {
    const script = doc.createElement('script');
    script.type = 'application/json';
    script.id = RUNTIME_CONFIG_ELEMENT_ID;
    script.textContent = json;
    doc.head.appendChild(script);
  }
  return doc;
}

describe('readRuntimeConfig', () => {
  it('reads the block the gateway injected', () => {
    const config = readRuntimeConfig(
      docWith(
        JSON.stringify({
          brandName: 'Acme Shield',
          turnstileSiteKey: '2x00000000000000000000AB',
          turnstileScriptUrl: 'http://localhost:8080/turnstile-standin/api.js',
        }),
      ),
    );
    expect(config.brandName).toBe('Acme Shield');
    expect(config.turnstileSiteKey).toBe('2x00000000000000000000AB');
    expect(config.turnstileScriptUrl).toBe('http://localhost:8080/turnstile-standin/api.js');
    expect(config.supportEmail).toBe('support@tunnelscope.example');
  });

  it('falls back to the development defaults without a block, or with a broken one', () => {
    expect(readRuntimeConfig(docWith(null)).turnstileSiteKey).toBe('1x00000000000000000000AA');
    expect(readRuntimeConfig(docWith('{not json')).brandName).toBe('TunnelScope');
    expect(readRuntimeConfig(docWith(JSON.stringify({ brandName: 42 }))).brandName).toBe('TunnelScope');
  });
});
