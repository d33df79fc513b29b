import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../components/test-utils';
import { lazyPage } from './lazyPage';

type GreetingModule = { Greeting: (p: { name: string }) => React.ReactNode };
const Greeting = ({ name }: { name: string }) => <p>Hello {name}</p>;

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('lazyPage', () => {
  it('shows a loader until the page arrives, then the page with its props', async () => {
    let arrive: (m: GreetingModule) => void = () => {};
    const Page = lazyPage(
      () =>
        new Promise<GreetingModule>((resolve) => {
          arrive = resolve;
        }),
      'Greeting',
    );
    renderWithProviders(<Page name="Ada" />);
    expect(screen.getByTestId('page-loading')).toBeTruthy();
    arrive({ Greeting });
    expect(await screen.findByText('Hello Ada')).toBeTruthy();
  });

  it('offers a reload when the page cannot be loaded (a deploy removed the old chunk)', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const reload = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload });
    const Page = lazyPage(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')), 'Missing');
    renderWithProviders(<Page />);
    expect(await screen.findByTestId('page-load-failed')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Reload the page' }));
    expect(reload).toHaveBeenCalled();
  });
});
