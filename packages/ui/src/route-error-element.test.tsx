import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { CrashBoundary } from './crash-boundary';
import { RouteErrorElement } from './route-error-element';

function Broken(): never {
  throw new Error('render failed');
}

function renderAt(url: string, onError: (error: unknown) => void) {
  const router = createMemoryRouter(
    [
      {
        element: (
          <div>
            <header>Toppen</header>
            <main>
              <Outlet />
            </main>
          </div>
        ),
        children: [
          {
            errorElement: <RouteErrorElement onError={onError} homeHref="/" />,
            children: [
              { path: '/', element: <p>Forsiden</p> },
              { path: '/broken', element: <Broken /> },
              {
                path: '/missing',
                hydrateFallbackElement: <p>Laster</p>,
                loader: () => {
                  throw new Response('', { status: 404 });
                },
                element: <p>aldri</p>,
              },
            ],
          },
        ],
      },
    ],
    { initialEntries: [url] },
  );
  return render(<RouterProvider router={router} />);
}

describe('RouteErrorElement (spec 01 §8 "Render crash")', () => {
  it('shows the crash page inside the layout and reports the error', async () => {
    const onError = vi.fn();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderAt('/broken', onError);
    expect(await screen.findByRole('heading', { level: 1, name: 'Vi beklager - noe gikk dessverre galt' })).toBeInTheDocument();
    expect(screen.getByText('Vi har registrert feilen og følger opp')).toBeInTheDocument();
    expect(screen.getByText('Toppen')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Tilbake' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Gå til forsiden' })).toHaveAttribute('href', '/');
    expect(onError).toHaveBeenCalledTimes(1);
    expect((onError.mock.calls[0]?.[0] as Error).message).toBe('render failed');
    vi.mocked(console.error).mockRestore();
  });

  it('shows the 404 page for a thrown 404, without reporting it as a crash', async () => {
    const onError = vi.fn();
    renderAt('/missing', onError);
    expect(await screen.findByRole('heading', { level: 1, name: 'Beklager, men denne siden finnes ikke' })).toBeInTheDocument();
    expect(onError).not.toHaveBeenCalled();
  });
});

describe('CrashBoundary', () => {
  it('catches a crash outside the router, shows the crash page and reports it', () => {
    const onError = vi.fn();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <CrashBoundary onError={onError} homeHref="/admin/">
        <Broken />
      </CrashBoundary>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Vi beklager - noe gikk dessverre galt' })).toBeInTheDocument();
    expect(screen.getByRole('main')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Gå til forsiden' })).toHaveAttribute('href', '/admin/');
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ message: 'render failed' }), expect.any(String));
    vi.mocked(console.error).mockRestore();
  });
});
