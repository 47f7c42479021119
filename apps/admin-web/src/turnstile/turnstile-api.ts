/**
 * The part of Cloudflare Turnstile's explicit-rendering API the panel uses
 * (https://developers.cloudflare.com/turnstile/get-started/client-side-rendering/). The local
 * stand-in script used in development and tests implements the same calls.
 */
export interface TurnstileRenderOptions {
  sitekey: string;
  callback?: (token: string) => void;
  'error-callback'?: (errorCode?: string) => void;
  'expired-callback'?: () => void;
  theme?: 'light' | 'dark' | 'auto';
}

export interface TurnstileApi {
  /** Answers the widget id. */
  render(container: HTMLElement | string, options: TurnstileRenderOptions): string | null | undefined;
  reset(widgetId?: string): void;
  remove(widgetId?: string): void;
}

declare global {
  interface Window {
    turnstile?: TurnstileApi;
  }
}

/** The script URL asked for explicit rendering: the panel decides when and where the widget goes. */
export function explicitRenderUrl(scriptUrl: string): string {
  const url = new URL(scriptUrl, window.location.href);
  url.searchParams.set('render', 'explicit');
  return url.toString();
}

let loading: Promise<TurnstileApi> | null = null;

/**
 * Loads the widget script once per page (one `<script>` tag however many widgets mount), and
 * answers the API once it is there. A failed load can be tried again by the next mount.
 */
export function loadTurnstile(scriptUrl: string): Promise<TurnstileApi> {
  if (window.turnstile) return Promise.resolve(window.turnstile);
  if (loading) return loading;
  loading = new Promise<TurnstileApi>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = explicitRenderUrl(scriptUrl);
    script.async = true;
    script.dataset.turnstile = 'true';
    script.onload = () => {
      if (window.turnstile) resolve(window.turnstile);
      else fail(new Error('The bot-check script loaded but did not define turnstile'));
    };
    script.onerror = () => fail(new Error('The bot-check script could not be loaded'));
    function fail(error: Error) {
      script.remove();
      loading = null;
      reject(error);
    }
    document.head.appendChild(script);
  });
  return loading;
}

/** Tests only: forget the script between cases. */
export function resetTurnstileLoaderForTests(): void {
  loading = null;
  document.querySelectorAll('script[data-turnstile]').forEach((node) => node.remove());
}
