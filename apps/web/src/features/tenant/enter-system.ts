import { linkedSystemUrl, session } from '../../app/session';
import { ALL_CUSTOMERS_ID } from '../../shared/constants';
import { storage } from '../../shared/storage';
import type { LinkedSystem } from '../auth/types';
import { subsystemApi } from './api';

/** A sub-system's name in the interface language, whatever language the user signed in with. */
export function systemName(system: LinkedSystem, lang: string): string {
  return (lang === 'en-US' ? system.nameEn : system.nameZh) || system.name;
}

export type EnterOutcome =
  | { kind: 'external'; url: string }
  | { kind: 'mapScreen' }
  | { kind: 'here'; system: LinkedSystem };

/**
 * Enters a sub-system (spec §4): the server checks that the customer may (granted by its
 * systems or package, enabled, customer valid) and answers the system; a linked system is
 * opened with the token split in two (code2, pppp). Refusals throw with the server's message
 * ('Permission restriction, cannot enter this subsystem', 'System has been disabled' …).
 */
export async function enterSystem(systemId: number): Promise<EnterOutcome> {
  const { data } = await subsystemApi.enter(systemId);
  if (data.encode === 'mapScreen') return { kind: 'mapScreen' };
  const token = session.get().token ?? storage.getToken();
  if (data.url && token) {
    const customer = session.get().currentCustomer;
    const clientId = customer ? Number(customer.id) : ALL_CUSTOMERS_ID;
    return { kind: 'external', url: linkedSystemUrl({ ...data, url: data.url }, token, clientId, storage.getLang()) };
  }
  return { kind: 'here', system: data };
}
