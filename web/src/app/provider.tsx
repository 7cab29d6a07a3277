import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { queryClient as defaultQueryClient } from '../lib/query-client.ts';
import { registerQueryCache } from '../lib/sign-out.ts';

type AppProviderProps = { children: ReactNode; queryClient?: QueryClient };

export function AppProvider({ children, queryClient = defaultQueryClient }: AppProviderProps) {
  // However the session ends, signOut can then empty this cache.
  useEffect(() => registerQueryCache(queryClient), [queryClient]);
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
