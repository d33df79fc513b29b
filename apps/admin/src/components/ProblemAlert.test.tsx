import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ProblemAlert } from './ProblemAlert';
import { renderWithProviders } from './test-utils';

afterEach(cleanup);

describe('ProblemAlert', () => {
  it('is announced as an alert, with its title and message', () => {
    renderWithProviders(<ProblemAlert title="Not saved">The name is taken.</ProblemAlert>);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Not saved');
    expect(alert.textContent).toContain('The name is taken.');
    // the icon is decoration: screen readers hear the words only
    expect(alert.querySelector('svg')?.getAttribute('aria-hidden')).toBe('true');
  });
});
