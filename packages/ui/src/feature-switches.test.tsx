import { beforeEach, describe, expect, it } from 'vitest';
import { act, render, renderHook, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { FeatureSwitchPanel } from './feature-switch-panel';
import { FEATURE_SWITCHES_STORAGE_KEY, readFeatureSwitches, setFeatureSwitch, useFeatureSwitch } from './feature-switches';

beforeEach(() => localStorage.clear());

const renderPanel = (url: string) =>
  render(
    <MemoryRouter initialEntries={[url]}>
      <FeatureSwitchPanel />
    </MemoryRouter>,
  );

describe('feature switches', () => {
  it('are both off by default', () => {
    expect(readFeatureSwitches()).toEqual({ orgLogin: false, invoiceGeneration: false });
  });

  it('are off when the stored value is damaged', () => {
    localStorage.setItem(FEATURE_SWITCHES_STORAGE_KEY, '{not json');
    expect(readFeatureSwitches()).toEqual({ orgLogin: false, invoiceGeneration: false });
    localStorage.setItem(FEATURE_SWITCHES_STORAGE_KEY, JSON.stringify({ orgLogin: 'yes' }));
    expect(readFeatureSwitches().orgLogin).toBe(false);
  });

  it('persist a change in localStorage, and components using them update', () => {
    const { result } = renderHook(() => useFeatureSwitch('orgLogin'));
    expect(result.current[0]).toBe(false);
    act(() => result.current[1](true));
    expect(result.current[0]).toBe(true);
    expect(JSON.parse(localStorage.getItem(FEATURE_SWITCHES_STORAGE_KEY)!)).toEqual({ orgLogin: true, invoiceGeneration: false });
  });
});

describe('FeatureSwitchPanel', () => {
  it('is hidden without featureSwitches in the query', () => {
    renderPanel('/oversikt?kategorier=skoler');
    expect(screen.queryByRole('heading', { name: 'Funksjonsbrytere' })).not.toBeInTheDocument();
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
  });

  it('shows both switches, off, when the query contains featureSwitches', async () => {
    renderPanel('/?featureSwitches');
    // The panel's switches load on demand, after the query asks for them.
    expect(await screen.findByRole('heading', { name: 'Funksjonsbrytere' })).toBeInTheDocument();
    expect(screen.getByLabelText(/orgLogin/)).not.toBeChecked();
    expect(screen.getByLabelText(/invoiceGeneration/)).not.toBeChecked();
  });

  it('toggles a switch and keeps it after a reload', async () => {
    const user = userEvent.setup();
    const { unmount } = renderPanel('/?featureSwitches=1');
    await user.click(await screen.findByLabelText(/invoiceGeneration/));
    expect(screen.getByLabelText(/invoiceGeneration/)).toBeChecked();
    unmount();

    renderPanel('/?featureSwitches=1');
    expect(screen.getByLabelText(/invoiceGeneration/)).toBeChecked();
    expect(screen.getByLabelText(/orgLogin/)).not.toBeChecked();
    act(() => setFeatureSwitch('invoiceGeneration', false));
    expect(screen.getByLabelText(/invoiceGeneration/)).not.toBeChecked();
  });
});
