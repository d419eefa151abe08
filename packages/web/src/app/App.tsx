import { QueryClientProvider } from '@tanstack/react-query';
import { Provider } from 'jotai';
import { RouterProvider } from 'react-router';
import { AppErrorBoundary } from './AppErrorBoundary';
import { appStore } from './appStore';
import { queryClient } from './queryClient';
import { router } from './router';

export function App() {
  return (
    <AppErrorBoundary>
      <Provider store={appStore}>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </Provider>
    </AppErrorBoundary>
  );
}
