import { cleanup } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../components/test-utils';
import { AuditObject } from './AuditObject';

afterEach(cleanup);

const text = (log: { entityName: string; entityId: string | null; entityLabel: string | null }) =>
  renderWithProviders(
    <div data-testid="object">
      <AuditObject log={log} />
    </div>,
  ).container.querySelector('[data-testid="object"]')?.textContent;

describe('AuditObject', () => {
  it('names the object by the label it had, with its number', () => {
    expect(text({ entityName: 'product', entityId: '13', entityLabel: 'ABC-123' })).toBe('product ABC-123 (13)');
  });

  it('shows the number alone for entries written without a label, and the kind alone without either', () => {
    expect(text({ entityName: 'product', entityId: '13', entityLabel: null })).toBe('product 13');
    expect(text({ entityName: 'publish', entityId: null, entityLabel: null })).toBe('publish');
  });
});
