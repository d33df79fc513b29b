import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { ACCESS_RIGHTS } from '@vellum/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../components/test-utils';
import { i18n } from '../../i18n';
import { RightsPicker } from './RightsPicker';
import { groupRights, OTHER_GROUP, RIGHT_AREAS, rightArea } from './rightGroups';

afterEach(cleanup);

describe('the rights of the contract in the role editor', () => {
  it.each(ACCESS_RIGHTS)('%s has an area, a plain label and a description', (right) => {
    expect(RIGHT_AREAS).toContain(rightArea(right));
    const label = i18n.t(`roles.rightInfo.${right}.label`);
    const description = i18n.t(`roles.rightInfo.${right}.description`);
    expect(i18n.exists(`roles.rightInfo.${right}.label`)).toBe(true);
    expect(i18n.exists(`roles.rightInfo.${right}.description`)).toBe(true);
    // a label is words, not the code again
    expect(label).not.toMatch(/^[A-Z_]+$/);
    expect(description.length).toBeGreaterThan(label.length);
  });

  it('leaves no right of the contract under "Other", and every area named and in use', () => {
    const groups = groupRights(ACCESS_RIGHTS);
    expect(groups.map((g) => g.area)).toEqual([...RIGHT_AREAS]);
    expect(groups.flatMap((g) => g.rights)).toHaveLength(ACCESS_RIGHTS.length);
    for (const area of [...RIGHT_AREAS, OTHER_GROUP]) expect(i18n.exists(`roles.rightAreas.${area}`), area).toBe(true);
  });

  it('keeps a right it does not know (a newer server), last, under "Other"', () => {
    const groups = groupRights(['PRODUCT_READ', 'FUTURE_RIGHT', 'ROLE_MANAGE']);
    expect(groups).toEqual([
      { area: 'ACCESS', rights: ['ROLE_MANAGE'] },
      { area: 'PRODUCTS', rights: ['PRODUCT_READ'] },
      { area: OTHER_GROUP, rights: ['FUTURE_RIGHT'] },
    ]);
  });
});

describe('RightsPicker', () => {
  it('shows each right by its label and description, grouped by area; checking one selects its code', () => {
    const onChange = vi.fn();
    renderWithProviders(<RightsPicker rights={ACCESS_RIGHTS} value={['PRODUCT_READ']} onChange={onChange} />);
    const products = screen.getByRole('group', { name: 'Products and product types' });
    expect((within(products).getByRole('checkbox', { name: 'Read products' }) as HTMLInputElement).checked).toBe(true);
    const users = screen.getByRole('checkbox', { name: 'Manage users and user groups' }) as HTMLInputElement;
    expect(users.checked).toBe(false);
    const described = document.getElementById(users.getAttribute('aria-describedby') ?? '');
    expect(described?.textContent).toMatch(/^Create, edit, deactivate.* USER_MANAGE$/);
    expect(screen.queryByRole('group', { name: 'Other rights' })).toBeNull();
    fireEvent.click(users);
    expect(onChange).toHaveBeenCalledWith(['USER_MANAGE', 'PRODUCT_READ']);
  });
});
