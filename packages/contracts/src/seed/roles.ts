/**
 * The roles the seed gives a customer, by the spec's users: the customer administrator holds every
 * menu of the customer's subsystems; the duty operator (值班操作员) runs the lights, handles alarms
 * and work orders, and administers nothing — no users, roles, parameters or logs (clearing a log
 * is an administrator's act), no customers, monitoring or tools.
 */

/** Catalogues (menu keys and their descendants) a duty operator works in: lighting (with its alarms) and work orders. */
export const OPERATOR_CATALOGUES = ['lighting', 'ops'] as const;

/** Buttons a duty operator never gets: they delete or mass-change records. */
const OPERATOR_WITHHELD_EVERYWHERE = ['remove', 'import'];
/** In lighting, the registry and its settings are the administrator's: the operator controls, reads and handles. */
const OPERATOR_WITHHELD_IN_LIGHTING = ['add', 'edit', 'copy'];

const inCatalogue = (key: string, catalogue: string) =>
  key === catalogue || key.startsWith(`${catalogue}.`) || key.startsWith(`${catalogue}-`);

/** Whether the seed grants this menu (by its stable key) to a customer's duty operator. */
export function operatorHoldsMenu(key: string | null | undefined): boolean {
  if (!key) return false;
  const catalogue = OPERATOR_CATALOGUES.find((c) => inCatalogue(key, c));
  if (!catalogue) return false;
  const action = key.split('.').length > 2 ? key.slice(key.lastIndexOf('.') + 1) : null;
  if (!action) return true;
  if (OPERATOR_WITHHELD_EVERYWHERE.includes(action)) return false;
  return !(catalogue === 'lighting' && OPERATOR_WITHHELD_IN_LIGHTING.includes(action));
}
