import { Loader, MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { installBrowserMocks } from '../components/test-utils';
import { theme } from './theme';

afterEach(cleanup);

describe('the theme', () => {
  it('gives every loader the status role, so its label is announced and allowed', () => {
    installBrowserMocks();
    render(
      <MantineProvider theme={theme}>
        <Loader aria-label="Loading" />
      </MantineProvider>,
    );
    expect(screen.getByRole('status', { name: 'Loading' })).toBeTruthy();
  });
});
