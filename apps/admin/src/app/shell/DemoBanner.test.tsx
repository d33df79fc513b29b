import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoute } from '../../test/renderRoute';
import { auth } from '../../test/signedIn';
import { DemoBanner } from './DemoBanner';

vi.mock('../../platform/auth', () => ({ useAuth: () => auth.current }));

afterEach(cleanup);

describe('the demo banner', () => {
  it('says whom the admin is viewed as, and "Exit demo" ends the demo', () => {
    const exitDemo = vi.fn(async () => {});
    auth.current = { status: 'authenticated', demo: { kind: 'USER_GROUP', label: 'Orthopaedics viewers' }, exitDemo };
    renderRoute(<DemoBanner />, { url: '/', path: '/' });
    expect(screen.getByRole('region', { name: 'Demo mode' }).textContent).toContain('Demo: viewing as Orthopaedics viewers');
    fireEvent.click(screen.getByRole('button', { name: 'Exit demo' }));
    expect(exitDemo).toHaveBeenCalledOnce();
  });

  it('is not there outside demo mode', () => {
    auth.current = { status: 'authenticated', demo: null };
    renderRoute(<DemoBanner />, { url: '/', path: '/' });
    expect(screen.queryByTestId('demo-banner')).toBeNull();
  });
});
