import { useState } from 'react';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { AppProvider } from './provider';
import { basename, createRoutes } from './routes';

export function App() {
  const [router] = useState(() => createBrowserRouter(createRoutes(), { basename }));
  return (
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
