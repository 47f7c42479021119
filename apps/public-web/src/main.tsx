import './zod-jitless.js';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import './styles/mantine-base.css';
import { App, loadPageFor } from './App.js';

const root = document.getElementById('root')!;
const app = (
  <StrictMode>
    <App />
  </StrictMode>
);

if (root.firstElementChild) {
  // The gateway served this route's prerendered HTML: fetch the route's chunk first, so the page
  // hydrates in one pass instead of keeping its server markup until the chunk arrives.
  await loadPageFor(window.location.pathname).catch(() => undefined);
  // As a transition, hydration yields to the browser every few milliseconds instead of holding
  // the main thread for the whole page (the landing page's hydration was one long task on a
  // phone's CPU); the markup is already painted meanwhile.
  startTransition(() => {
    hydrateRoot(root, app);
  });
} else {
  // `vite` in development (or a page without prerendered markup): render on the client alone.
  createRoot(root).render(app);
}
