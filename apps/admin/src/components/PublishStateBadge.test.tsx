import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { formatDateTime } from '../i18n/format';
import { PublishStateBadge } from './PublishStateBadge';
import { installBrowserMocks } from './test-utils';

afterEach(cleanup);

const badge = (publishDate: string | null, state: 'UNPUBLISHED' | 'SCHEDULED' | 'PUBLISHED') => {
  installBrowserMocks();
  return render(
    <MantineProvider>
      <PublishStateBadge publishDate={publishDate} state={state} />
    </MantineProvider>,
  );
};

describe('the publish state badge says the server’s state (decision 0051)', () => {
  it('a dated item the live publication does not hold is unpublished, with the date it will keep', () => {
    badge('2020-05-01T10:00:00Z', 'UNPUBLISHED');
    expect(screen.getByText(`Unpublished, dated ${formatDateTime('2020-05-01T10:00:00Z')}`)).toBeTruthy();
    expect(screen.queryByText(/^Published/)).toBeNull();
  });

  it('published and scheduled name their date; without a date, unpublished alone', () => {
    badge('2020-05-01T10:00:00Z', 'PUBLISHED');
    expect(screen.getByText(`Published ${formatDateTime('2020-05-01T10:00:00Z')}`)).toBeTruthy();
    badge(null, 'UNPUBLISHED');
    expect(screen.getByText('Unpublished')).toBeTruthy();
  });
});
