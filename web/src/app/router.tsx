import { useState } from 'react';
import { createBrowserRouter, Navigate, RouterProvider, type RouteObject } from 'react-router-dom';
import { LoadingState } from '../components/loading-state.tsx';
import { AppLayout } from './layout.tsx';
import { ProtectedRoute } from './protected-route.tsx';
import { RootLayout, type RouteHandle } from './root-layout.tsx';

// Each screen is its own chunk so the first load only carries the page being opened. Screens
// made of several features have a route module in ./routes that composes them; the others load
// their feature's page directly.
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    hydrateFallbackElement: <LoadingState />,
    children: [
      {
        path: '/auth/login',
        handle: { title: 'route.signIn' } satisfies RouteHandle,
        lazy: async () => ({ Component: (await import('../features/auth/components/login-page.tsx')).LoginPage }),
      },
      {
        path: '/auth/register',
        handle: { title: 'route.register' } satisfies RouteHandle,
        lazy: async () => ({
          Component: (await import('../features/auth/components/register-page.tsx')).RegisterPage,
        }),
      },
      {
        // Public: someone without an account arrives here from an invitation link.
        path: '/join/:code',
        handle: { title: 'route.join' } satisfies RouteHandle,
        // The invitation is asked for while the page's code loads, not after: it is what the page shows.
        loader: ({ params }) => {
          void import('../features/families/api/family-api.ts').then((api) => api.prefetchInvitationPreview(params.code ?? ''));
          return null;
        },
        lazy: async () => ({ Component: (await import('../features/families/components/join-page.tsx')).JoinPage }),
      },
      {
        path: '/privacy',
        handle: { title: 'route.privacy' } satisfies RouteHandle,
        lazy: async () => ({ Component: (await import('../features/legal/components/privacy-page.tsx')).PrivacyPage }),
      },
      {
        path: '/terms',
        handle: { title: 'route.terms' } satisfies RouteHandle,
        lazy: async () => ({ Component: (await import('../features/legal/components/terms-page.tsx')).TermsPage }),
      },
      {
        element: <ProtectedRoute />,
        children: [
          {
            path: '/onboarding',
            handle: { title: 'route.onboarding' } satisfies RouteHandle,
            lazy: async () => ({ Component: (await import('./routes/onboarding.tsx')).OnboardingRoute }),
          },
          {
            element: <AppLayout />,
            children: [
              {
                path: '/',
                handle: { title: 'route.dashboard' } satisfies RouteHandle,
                lazy: async () => ({ Component: (await import('./routes/dashboard.tsx')).DashboardRoute }),
              },
              {
                path: '/activity',
                handle: { title: 'route.activity' } satisfies RouteHandle,
                lazy: async () => ({ Component: (await import('./routes/activity.tsx')).ActivityRoute }),
              },
              {
                path: '/insights',
                handle: { title: 'route.insights' } satisfies RouteHandle,
                lazy: async () => ({ Component: (await import('./routes/insights.tsx')).InsightsRoute }),
              },
              {
                path: '/reports',
                handle: { title: 'route.reports' } satisfies RouteHandle,
                lazy: async () => ({
                  Component: (await import('../features/reports/components/reports-page.tsx')).ReportsPage,
                }),
              },
              {
                path: '/settings',
                handle: { title: 'route.settings' } satisfies RouteHandle,
                lazy: async () => ({ Component: (await import('./routes/settings.tsx')).SettingsRoute }),
              },
            ],
          },
        ],
      },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}

export function AppRouter() {
  // One router for the app's lifetime; re-creating it would reset navigation state.
  const [router] = useState(createAppRouter);
  return <RouterProvider router={router} />;
}
