import { useTranslation } from 'react-i18next';
import { session } from '../../../app/session';
import { ALL_CUSTOMERS_ID } from '../../../shared/constants';
import { useStore } from '../../../shared/store';
import { EmptyState } from '../../../shared/table/EmptyState';

/** True when the screen is about one customer and a platform user has "all customers" chosen. */
export function useNeedsCustomer(): boolean {
  const user = useStore(session, (state) => state.user);
  const customer = useStore(session, (state) => state.currentCustomer);
  const isPlatformUser = user?.clientId === null || user?.clientId === undefined;
  return isPlatformUser && (!customer || Number(customer.id) === ALL_CUSTOMERS_ID);
}

/** A screen about one customer while "all customers" is chosen: asks to choose one first. */
export function ChooseCustomerEmpty() {
  const { t } = useTranslation();
  return (
    <div style={{ padding: '64px 0' }} data-testid="choose-customer">
      <EmptyState description={t('tenantShared.chooseCustomerFirst')} />
    </div>
  );
}
