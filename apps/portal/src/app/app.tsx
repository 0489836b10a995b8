import { useState } from 'react';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { AppProvider } from './provider';
import { createRoutes } from './routes';

export function App() {
  const [router] = useState(() => createBrowserRouter(createRoutes()));
  return (
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
