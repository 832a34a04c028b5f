import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import '../../locales';
import type { UserInfo } from '../../features/auth/types';
import { ALL_CUSTOMERS_ID } from '../../shared/constants';
import { allCustomersEntry, session } from '../session';
import { ProjectSelector } from './ProjectSelector';

const demo = { id: 7, name: '演示城市照明', validState: 'normal' as const, expire: false };

function open() {
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <App>
            <ProjectSelector open onClose={() => undefined} />
          </App>
        ),
      },
    ],
    { initialEntries: ['/index'] },
  );
  render(<RouterProvider router={router} />);
}

afterEach(() => session.set({ user: null, customers: [], currentCustomer: null, currentProject: null }));

describe('project selector', () => {
  it('offers platform users all customers, where their own records are', async () => {
    session.set({
      user: { userId: 1, userName: 'admin', clientId: null } as unknown as UserInfo,
      customers: [allCustomersEntry(), demo],
      currentCustomer: demo,
    });
    open();
    fireEvent.click(await screen.findByText('全部客户'));
    fireEvent.click(screen.getByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() => expect(session.get().currentCustomer?.id).toBe(ALL_CUSTOMERS_ID));
    expect(session.get().currentProject).toBeNull();
  });

  it("does not offer a customer's users anything beyond their customer", async () => {
    session.set({
      user: { userId: 2, userName: 'demo_admin', clientId: 7 } as unknown as UserInfo,
      customers: [allCustomersEntry(), demo],
      currentCustomer: demo,
    });
    open();
    await screen.findByText('演示城市照明');
    expect(screen.queryByText('全部客户')).toBeNull();
  });
});
