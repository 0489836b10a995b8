import { useEffect } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, MemoryRouter } from 'react-router';
import { RouteChangeEffects } from './route-change-effects';
import { ToastArea, ToastProvider, useToasts, type ShowToastOptions } from './toasts';

const toasts = { show: (_options: ShowToastOptions): void => {} };
function Capture() {
  const { showToast } = useToasts();
  useEffect(() => {
    toasts.show = showToast;
  }, [showToast]);
  return null;
}
const show = (options: ShowToastOptions) => toasts.show(options);

function renderShell() {
  return render(
    <MemoryRouter initialEntries={['/oversikt']}>
      <ToastProvider>
        <Capture />
        <ToastArea />
        <RouteChangeEffects />
        <Link to="/sted/1">Til et sted</Link>
        <Link to="/oversikt?kategorier=skoler">Bare skoler</Link>
      </ToastProvider>
    </MemoryRouter>,
  );
}

const scrollTo = vi.fn();
beforeEach(() => {
  scrollTo.mockReset();
  vi.stubGlobal('scrollTo', scrollTo);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('toasts and route changes (spec 01 §2)', () => {
  it('clears the toasts and scrolls to the top when the route changes', async () => {
    const user = userEvent.setup();
    renderShell();
    act(() => show({ msg: 'Feil ved henting av data', type: 'danger' }));
    expect(screen.getByText('Feil ved henting av data')).toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'Til et sted' }));
    expect(screen.queryByText('Feil ved henting av data')).not.toBeInTheDocument();
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
  });

  it('keeps the toasts and the scroll position when only the query changes', async () => {
    const user = userEvent.setup();
    renderShell();
    act(() => show({ msg: 'Lagret', type: 'danger' }));
    await user.click(screen.getByRole('link', { name: 'Bare skoler' }));
    expect(screen.getByText('Lagret')).toBeInTheDocument();
    expect(scrollTo).not.toHaveBeenCalled();
  });

  it('does not scroll on the first page load', () => {
    renderShell();
    expect(scrollTo).not.toHaveBeenCalled();
  });
});

describe('toast lifetime', () => {
  it('lets a confirmation go away after 3 s but keeps an error until it is closed', async () => {
    vi.useFakeTimers();
    renderShell();
    act(() => {
      show({ msg: 'Endringene er lagret', type: 'success' });
      show({ msg: 'Noe gikk galt', type: 'danger' });
    });
    act(() => vi.advanceTimersByTime(2999));
    expect(screen.getByText('Endringene er lagret')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('Endringene er lagret')).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(60_000));
    expect(screen.getByText('Noe gikk galt')).toBeInTheDocument();

    act(() => screen.getByRole('button', { name: 'Lukk melding' }).click());
    expect(screen.queryByText('Noe gikk galt')).not.toBeInTheDocument();
  });

  it('restarts no timer when another toast arrives', () => {
    vi.useFakeTimers();
    renderShell();
    act(() => show({ msg: 'Først', type: 'info', timeToLive: 5 }));
    act(() => vi.advanceTimersByTime(4000));
    act(() => show({ msg: 'Så', type: 'info', timeToLive: 5 }));
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.queryByText('Først')).not.toBeInTheDocument();
    expect(screen.getByText('Så')).toBeInTheDocument();
  });

  it('announces toasts through a live region that exists before the first toast', () => {
    const { container } = renderShell();
    const region = container.querySelector('[aria-live="polite"]');
    expect(region).toBeInTheDocument();
    act(() => show({ msg: 'Hei' }));
    expect(region).toHaveTextContent('Hei');
  });
});
