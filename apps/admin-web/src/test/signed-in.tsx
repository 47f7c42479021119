/**
 * Test helpers for views that need a signed-in operator (useCurrentUser): the real AuthProvider
 * over a scripted server that answers `GET /auth/me` with `me`, the view rendered once signed in.
 */
import type { AdminUser } from '@tunnelscope/contracts';
import type { ReactElement, ReactNode } from 'react';
import { AuthProvider, useAuth } from '../auth/AuthContext.js';
import { fakeAdminServer, type FakeHandler } from '../components/data-table/testing.js';
import { renderWithProviders } from './render.js';

function SignedIn({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  return user ? children : null;
}

/** fakeAdminServer that also answers the auth check with `me`. */
export function signedInServer(me: AdminUser, handler: FakeHandler) {
  return fakeAdminServer((call) => {
    if (call.method === 'GET' && call.path === '/auth/me') {
      return { status: 200, body: { success: true, data: { user: me } } };
    }
    return handler(call);
  });
}

/** Renders `ui` inside the providers and AuthProvider, once the auth check has signed `me` in. */
export function renderSignedIn(ui: ReactElement) {
  return renderWithProviders(
    <AuthProvider>
      <SignedIn>{ui}</SignedIn>
    </AuthProvider>,
  );
}
