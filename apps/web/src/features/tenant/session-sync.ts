import { allCustomersEntry, session } from '../../app/session';
import { ALL_CUSTOMERS_ID } from '../../shared/constants';
import { storage } from '../../shared/storage';
import { authApi } from '../auth/api';
import type { Customer } from '../auth/types';

/**
 * After customers or subscriptions change, the navbar's project selector lists the customers
 * again (with their validity) without a new sign-in. The current customer stays as it is.
 */
export async function refreshCustomers(): Promise<void> {
  try {
    const { data } = await authApi.clientsWithExpire();
    const customers: Customer[] = [
      allCustomersEntry(),
      ...(data ?? []).filter((customer) => customer.id !== ALL_CUSTOMERS_ID),
    ];
    storage.setJson(storage.keys.customers, customers);
    session.set({ customers });
  } catch {
    // the selector keeps the list it had
  }
}
