/** Platform users: every customer, whatever the navbar has chosen (customer users are always scoped by the server). */
export const ALL_CUSTOMERS_HEADERS: Readonly<Record<string, string>> = Object.freeze({ clientId: '' });
