import { useState } from 'react';
import { createBrowserRouter, Navigate, RouterProvider, type RouteObject } from 'react-router-dom';
import { LoadingState } from '../components/loading-state.tsx';
import { AppLayout } from './layout.tsx';
import { ProtectedRoute } from './protected-route.tsx';
import { RootLayout } from './root-layout.tsx';

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
        lazy: async () => ({ Component: (await import('../features/auth/components/login-page.tsx')).LoginPage }),
      },
      {
        path: '/auth/register',
        lazy: async () => ({
          Component: (await import('../features/auth/components/register-page.tsx')).RegisterPage,
        }),
      },
      {
        path: '/privacy',
        lazy: async () => ({ Component: (await import('../features/legal/components/privacy-page.tsx')).PrivacyPage }),
      },
      {
        path: '/terms',
        lazy: async () => ({ Component: (await import('../features/legal/components/terms-page.tsx')).TermsPage }),
      },
      {
        element: <ProtectedRoute />,
        children: [
          {
            path: '/onboarding',
            lazy: async () => ({ Component: (await import('./routes/onboarding.tsx')).OnboardingRoute }),
          },
          {
            element: <AppLayout />,
            children: [
              {
                path: '/',
                lazy: async () => ({ Component: (await import('./routes/dashboard.tsx')).DashboardRoute }),
              },
              {
                path: '/activity',
                lazy: async () => ({ Component: (await import('./routes/activity.tsx')).ActivityRoute }),
              },
              {
                path: '/insights',
                lazy: async () => ({ Component: (await import('./routes/insights.tsx')).InsightsRoute }),
              },
              {
                path: '/reports',
                lazy: async () => ({
                  Component: (await import('../features/reports/components/reports-page.tsx')).ReportsPage,
                }),
              },
              {
                path: '/settings',
                lazy: async () => ({
                  Component: (await import('../features/settings/components/settings-page.tsx')).SettingsPage,
                }),
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
