import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockServer, problem } from '../test/fakeServer';
import { clearToken, storeToken } from './session';
import { useObjectUrl } from './useObjectUrl';

function Shown({ src }: { src: string | null }) {
  const { url, failed } = useObjectUrl(src);
  return <output data-testid="shown">{failed ? 'failed' : (url ?? 'none')}</output>;
}

afterEach(() => {
  cleanup();
  clearToken();
  vi.unstubAllGlobals();
});

describe('useObjectUrl', () => {
  it('reads an image of the API with the token, shows it from an object URL and revokes it when it goes', async () => {
    const calls = mockServer({ 'GET /api/product-types/3/image': () => ({ status: 200, body: 'png' }) });
    const createObjectURL = vi.fn(() => 'blob:image-3');
    const revokeObjectURL = vi.fn();
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL }));
    storeToken('the-token', false);
    const view = render(<Shown src="/api/product-types/3/image?v=abc" />);
    await waitFor(() => expect(screen.getByTestId('shown').textContent).toBe('blob:image-3'));
    expect(calls[0].url).toBe('/api/product-types/3/image?v=abc');
    expect((calls[0].init.headers as Record<string, string>).Authorization).toBe('Bearer the-token');
    view.unmount();
    expect(revokeObjectURL).toHaveBeenCalledWith('blob:image-3');
  });

  it('says when the image cannot be read, and passes other addresses through unread', async () => {
    const calls = mockServer({ 'GET /api/business-units/2/logo': () => problem(403, 'error.http.403') });
    render(<Shown src="/api/business-units/2/logo" />);
    await waitFor(() => expect(screen.getByTestId('shown').textContent).toBe('failed'));
    cleanup();
    render(<Shown src="data:image/png;base64,AAAA" />);
    expect(screen.getByTestId('shown').textContent).toBe('data:image/png;base64,AAAA');
    expect(calls).toHaveLength(1);
  });
});
