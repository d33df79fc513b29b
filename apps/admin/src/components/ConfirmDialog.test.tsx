import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfirmDialog, randomConfirmationCode, SKIP_CONFIRMATION_KEY, useConfirm } from './ConfirmDialog';
import { renderWithProviders } from './test-utils';

const isDisabled = (el: HTMLElement) => (el as HTMLButtonElement).disabled;

afterEach(() => {
  cleanup();
  localStorage.clear();
});

describe('randomConfirmationCode', () => {
  it('is always a 4-digit number from 1000 to 9999', () => {
    for (let i = 0; i < 500; i++) {
      const n = Number(randomConfirmationCode());
      expect(n).toBeGreaterThanOrEqual(1000);
      expect(n).toBeLessThanOrEqual(9999);
    }
  });
});

describe('ConfirmDialog', () => {
  const renderDialog = (onConfirm = vi.fn(), onClose = vi.fn()) => {
    renderWithProviders(
      <ConfirmDialog opened title="Delete role?" message="It cannot be undone." onConfirm={onConfirm} onClose={onClose} />,
    );
    const code = screen.getByTestId('confirmation-code').textContent ?? '';
    return { code, onConfirm, onClose };
  };

  it('shows a random 4-digit code and keeps confirm disabled until it is typed exactly', async () => {
    const { code, onConfirm } = renderDialog();
    expect(code).toMatch(/^[1-9]\d{3}$/);
    const input = screen.getByLabelText('Confirmation code');
    const confirm = screen.getByRole('button', { name: 'Confirm' });
    expect(isDisabled(confirm)).toBe(true);

    fireEvent.change(input, { target: { value: code.slice(0, 3) } });
    expect(isDisabled(confirm)).toBe(true);
    const wrong = code === '9999' ? '1000' : String(Number(code) + 1);
    fireEvent.change(input, { target: { value: wrong } });
    expect(isDisabled(confirm)).toBe(true);
    fireEvent.click(confirm);
    expect(onConfirm).not.toHaveBeenCalled();

    fireEvent.change(input, { target: { value: code } });
    expect(isDisabled(confirm)).toBe(false);
    fireEvent.click(confirm);
    await waitFor(() => expect(onConfirm).toHaveBeenCalledTimes(1));
  });

  it('confirms with Enter once the code matches', async () => {
    const { code, onConfirm } = renderDialog();
    const input = screen.getByLabelText('Confirmation code');
    fireEvent.change(input, { target: { value: code } });
    fireEvent.submit(input.closest('form')!);
    await waitFor(() => expect(onConfirm).toHaveBeenCalledTimes(1));
  });

  it('cancel closes without confirming', () => {
    const { onConfirm, onClose } = renderDialog();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalled();
    expect(onConfirm).not.toHaveBeenCalled();
  });
});

function Harness({ action }: { action: () => Promise<void> }) {
  const { ask, dialog } = useConfirm();
  return (
    <>
      <button type="button" onClick={() => ask({ title: 'Delete?', message: 'Sure?', onConfirm: action })}>
        Delete it
      </button>
      {dialog}
    </>
  );
}

describe('useConfirm', () => {
  it('asks for the code before running the action', async () => {
    const action = vi.fn().mockResolvedValue(undefined);
    renderWithProviders(<Harness action={action} />);
    fireEvent.click(screen.getByRole('button', { name: 'Delete it' }));
    const code = (await screen.findByTestId('confirmation-code')).textContent ?? '';
    expect(action).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText('Confirmation code'), { target: { value: code } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(action).toHaveBeenCalledTimes(1));
  });

  it('runs the action at once when the skip-confirmation setting exists', async () => {
    localStorage.setItem(SKIP_CONFIRMATION_KEY, 'true');
    const action = vi.fn().mockResolvedValue(undefined);
    renderWithProviders(<Harness action={action} />);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Delete it' }));
    });
    expect(action).toHaveBeenCalledTimes(1);
    expect(screen.queryByTestId('confirmation-code')).toBeNull();
  });

  it('keeps the dialog open when the action fails', async () => {
    const action = vi.fn().mockRejectedValue(new Error('409'));
    renderWithProviders(<Harness action={action} />);
    fireEvent.click(screen.getByRole('button', { name: 'Delete it' }));
    const code = (await screen.findByTestId('confirmation-code')).textContent ?? '';
    fireEvent.change(screen.getByLabelText('Confirmation code'), { target: { value: code } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(action).toHaveBeenCalledTimes(1));
    expect(screen.queryByTestId('confirmation-code')).not.toBeNull();
  });
});
