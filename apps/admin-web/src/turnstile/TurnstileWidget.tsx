/**
 * The Cloudflare Turnstile bot-check widget of the login screen (its script URL is configured, so
 * tests and offline development use a local stand-in through the same code path).
 *
 *   const widget = useRef<TurnstileHandle>(null);
 *   <TurnstileWidget ref={widget} onToken={setToken} />
 *   widget.current?.reset();   // new challenge; onToken(null) is called first
 *
 * The site key and script URL come from the runtime config the gateway injects, so production
 * loads Cloudflare's script and development and tests load the local stand-in, on one code path.
 */
import { Alert, Box } from '@mantine/core';
import { useEffect, useImperativeHandle, useRef, useState, type Ref } from 'react';
import { runtimeConfig } from '../runtime-config.js';
import { loadTurnstile, type TurnstileApi } from './turnstile-api.js';

export interface TurnstileHandle {
  reset(): void;
}

export interface TurnstileWidgetProps {
  /** The current token, or null when there is none (expired, failed, reset). */
  onToken(token: string | null): void;
  ref?: Ref<TurnstileHandle>;
  siteKey?: string;
  scriptUrl?: string;
}

export const TURNSTILE_LOAD_ERROR =
  'The bot check could not be loaded. Check your connection and refresh the page.';

export function TurnstileWidget({
  onToken,
  ref,
  siteKey = runtimeConfig.turnstileSiteKey,
  scriptUrl = runtimeConfig.turnstileScriptUrl,
}: TurnstileWidgetProps) {
  const container = useRef<HTMLDivElement>(null);
  const api = useRef<TurnstileApi | null>(null);
  const widgetId = useRef<string | null>(null);
  // The latest callback, so the widget is rendered once and not again on every parent render.
  const onTokenRef = useRef(onToken);
  onTokenRef.current = onToken;
  const [loadFailed, setLoadFailed] = useState(false);

  useImperativeHandle(
    ref,
    () => ({
      reset() {
        onTokenRef.current(null);
        if (api.current && widgetId.current) api.current.reset(widgetId.current);
      },
    }),
    [],
  );

  useEffect(() => {
    let cancelled = false;
    loadTurnstile(scriptUrl).then(
      (turnstile) => {
        if (cancelled || !container.current) return;
        api.current = turnstile;
        widgetId.current =
          turnstile.render(container.current, {
            sitekey: siteKey,
            theme: 'dark',
            callback: (token) => onTokenRef.current(token),
            'error-callback': () => onTokenRef.current(null),
            'expired-callback': () => onTokenRef.current(null),
          }) ?? null;
      },
      () => {
        if (!cancelled) setLoadFailed(true);
      },
    );
    return () => {
      cancelled = true;
      if (api.current && widgetId.current) api.current.remove(widgetId.current);
      widgetId.current = null;
    };
  }, [siteKey, scriptUrl]);

  return (
    <Box>
      <div ref={container} data-testid="turnstile-container" />
      {loadFailed && (
        <Alert color="red" variant="light" mt="xs">
          {TURNSTILE_LOAD_ERROR}
        </Alert>
      )}
    </Box>
  );
}
