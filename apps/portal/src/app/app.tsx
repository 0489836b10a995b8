import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { AppProvider } from './provider';
import { createRoutes } from './routes';

type Router = ReturnType<typeof createBrowserRouter>;

/**
 * The app's router, made outside React's render (decision 050, "Second step"): making it (≈ 13 ms of CPU,
 * the routes' matching and the router's first navigation) is one piece of work a transition cannot split,
 * so main.tsx makes it in a task of its own before the first render.
 */
export function createAppRouter(): Router {
  return createBrowserRouter(createRoutes());
}

export function App({ router }: { router: Router }) {
  return (
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
