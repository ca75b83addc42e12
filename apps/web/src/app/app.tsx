import type { QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { Providers } from './providers';
import { createQueryClient } from './query-client';
import { createRouter } from './router';

interface AppProps {
  /** The cache the first page's reads went into before the first render (main.tsx); a new one if omitted. */
  queryClient?: QueryClient;
}

export function App({ queryClient: given }: AppProps) {
  const [queryClient] = useState(() => given ?? createQueryClient());
  const [router] = useState(createRouter);
  return (
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>
  );
}
