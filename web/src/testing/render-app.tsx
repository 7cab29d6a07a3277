import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { AppProvider } from '../app/provider.tsx';
import { routes } from '../app/router.tsx';
import { createQueryClient } from '../lib/query-client.ts';

function testQueryClient() {
  const client = createQueryClient();
  // Failures should show at once in tests instead of after the production back-off.
  client.setDefaultOptions({
    queries: { ...client.getDefaultOptions().queries, retry: false },
    mutations: { ...client.getDefaultOptions().mutations, retry: false },
  });
  return client;
}

/** Renders the real route tree at `path`, with a fresh query cache. */
export function renderApp(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const queryClient = testQueryClient();
  const result = render(
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...result, router, queryClient };
}

/**
 * Renders one screen at `path`, plus stand-in pages for the places it may send the user,
 * which each show their path as a heading.
 */
export function renderPage(element: ReactElement, { path = '/', at = path }: { path?: string; at?: string } = {}) {
  const landing = (to: string): RouteObject => ({ path: to, element: <h1>{`Page ${to}`}</h1> });
  const others = ['/', '/auth/login', '/auth/register', '/onboarding', '/settings', '/privacy', '/terms']
    .filter((to) => to !== path)
    .map(landing);
  const router = createMemoryRouter([{ path, element }, ...others], { initialEntries: [at] });
  const queryClient = testQueryClient();
  const result = render(
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...result, router, queryClient };
}
