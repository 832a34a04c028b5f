import { authApi, type LoginForm } from '../features/auth/api';
import type { Customer, HomePage, LinkedSystem, Project, ServerRoute, UserInfo } from '../features/auth/types';
import { i18n } from '../locales';
import { ALL_CUSTOMERS_ID, SUPER_ROLE } from '../shared/constants';
import { onUnauthorized, resetRepeatSubmit, resetUnauthorized } from '../shared/request';
import { storage } from '../shared/storage';
import { createStore } from '../shared/store';
import { closeSocket, openSocket } from './socket';

export interface SessionState {
  token: string | null;
  user: UserInfo | null;
  roles: string[];
  permissions: string[];
  customers: Customer[];
  currentCustomer: Customer | null;
  systems: LinkedSystem[];
  projects: Project[];
  currentProject: Project | null;
  serverRoutes: ServerRoute[];
  routesLoaded: boolean;
  homePage: HomePage;
  /** an initial password must be replaced: the change-password screen is all this session shows */
  passwordMustChange: boolean;
}

const HOME_PAGE_KEY = 'homePage';
const HOME_PAGES: HomePage[] = ['Index', 'IndexAirport', 'InfoEditor'];

function storedHomePage(): HomePage {
  const value = localStorage.getItem(HOME_PAGE_KEY) as HomePage | null;
  return value && HOME_PAGES.includes(value) ? value : 'Index';
}

function initialState(): SessionState {
  return {
    token: storage.getToken(),
    user: storage.getJson<UserInfo>(storage.keys.userInfo),
    roles: [],
    permissions: [],
    customers: storage.getJson<Customer[]>(storage.keys.customers) ?? [],
    currentCustomer: storage.getJson<Customer>(storage.keys.currentCustomer),
    systems: storage.getJson<LinkedSystem[]>(storage.keys.systems) ?? [],
    projects: [],
    currentProject: storage.getJson<Project>(storage.keys.currentProject),
    serverRoutes: [],
    routesLoaded: false,
    homePage: storedHomePage(),
    passwordMustChange: false,
  };
}

export const session = createStore<SessionState>(initialState());

export function allCustomersEntry(): Customer {
  return { id: ALL_CUSTOMERS_ID, name: i18n.t('customer.all'), validState: 'normal', expire: false };
}

const isUsable = (customer: Customer) => customer.id !== ALL_CUSTOMERS_ID && !customer.expire;

/**
 * Keeps the stored current customer when it is still listed and valid, else takes the first
 * non-expired real customer (spec §4). Platform admins may fall back to "all customers".
 */
export function chooseCurrentCustomer(
  customers: Customer[],
  stored: Customer | null,
  isAdmin: boolean,
): Customer | null {
  const listed = stored ? customers.find((customer) => String(customer.id) === String(stored.id)) : undefined;
  if (listed && (listed.id === ALL_CUSTOMERS_ID ? isAdmin : !listed.expire)) return listed;
  const firstValid = customers.find(isUsable);
  if (firstValid) return firstValid;
  return isAdmin ? (customers.find((customer) => customer.id === ALL_CUSTOMERS_ID) ?? null) : null;
}

/** The token travels to linked systems in two base64 halves (code2, pppp). */
export function splitToken(token: string): { code2: string; pppp: string } {
  const encoded = btoa(token);
  const half = Math.ceil(encoded.length / 2);
  return { code2: encoded.slice(0, half), pppp: encoded.slice(half) };
}

export function joinToken(code2: string, pppp: string): string {
  return atob(code2 + pppp);
}

export function linkedSystemUrl(system: LinkedSystem, token: string, clientId: number, lang: string): string {
  const { code2, pppp } = splitToken(token);
  const url = new URL(system.url ?? '/', window.location.origin);
  url.searchParams.set('code2', code2);
  url.searchParams.set('pppp', pppp);
  url.searchParams.set('systemId', String(system.id));
  url.searchParams.set('clientId', String(clientId));
  url.searchParams.set('lang', lang);
  return url.toString();
}

/**
 * A landing URL carrying code2 + pppp signs the user in: join, decode, store, reload at '/'.
 * Returns true when the page is being reloaded.
 */
export function consumeLandingToken(location: Location = window.location): boolean {
  const query = new URLSearchParams(location.search);
  const code2 = query.get('code2');
  const pppp = query.get('pppp');
  if (!code2 || !pppp) return false;
  try {
    storage.setToken(joinToken(code2, pppp));
  } catch {
    return false;
  }
  const lang = query.get('lang');
  if (lang === 'zh-CN' || lang === 'en-US') storage.setLang(lang);
  location.replace('/');
  return true;
}

function saveCustomers(customers: Customer[], current: Customer | null): void {
  storage.setJson(storage.keys.customers, customers);
  storage.setJson(storage.keys.currentCustomer, current);
  session.set({ customers, currentCustomer: current });
}

async function loadCustomers(isAdmin: boolean): Promise<Customer | null> {
  const { data } = await authApi.clientsWithExpire();
  const customers = [allCustomersEntry(), ...(data ?? []).filter((customer) => customer.id !== ALL_CUSTOMERS_ID)];
  const current = chooseCurrentCustomer(customers, session.get().currentCustomer, isAdmin);
  saveCustomers(customers, current);
  return current;
}

export async function loadProjects(customer: Customer | null): Promise<Project[]> {
  if (!customer || customer.id === ALL_CUSTOMERS_ID) {
    session.set({ projects: [] });
    return [];
  }
  const { data } = await authApi.customerProjects(customer.id);
  const projects = data ?? [];
  const stored = session.get().currentProject;
  const current = projects.find((project) => String(project.id) === String(stored?.id)) ?? projects[0] ?? null;
  storage.setJson(storage.keys.currentProject, current);
  session.set({ projects, currentProject: current });
  return projects;
}

async function loadInfo(): Promise<void> {
  const info = await authApi.getInfo();
  const roles = info.roles?.length ? info.roles : ['ROLE_DEFAULT'];
  storage.setJson(storage.keys.userInfo, info.user);
  session.set({
    user: info.user,
    roles,
    permissions: info.permissions ?? [],
    passwordMustChange: info.isDefaultModifyPwd === true || info.isPasswordExpired === true,
  });
}

/**
 * After the initial password was replaced: the rest of the sign-in flow, as if the user had just
 * signed in (the change-password screen stays until the session is loaded or the user leaves).
 */
export function passwordChanged(): Promise<LoginOutcome> {
  return enterAfterSignIn();
}

async function loadPlatform(): Promise<void> {
  try {
    const { data } = await authApi.platform();
    const homePage = data?.homePage && HOME_PAGES.includes(data.homePage) ? data.homePage : 'Index';
    localStorage.setItem(HOME_PAGE_KEY, homePage);
    session.set({ homePage });
  } catch {
    // the stored or default home page stays in use
  }
}

/** The sub-systems the user may enter, read again on every page load (names in both languages). */
async function refreshSystems(): Promise<void> {
  try {
    const enabled = await authApi.enabledSystems();
    const systems = enabled.rows ?? [];
    storage.setJson(storage.keys.systems, systems);
    session.set({ systems });
  } catch {
    // the stored list stays in use
  }
}

/**
 * Everything a signed-in page needs: user, roles and permissions (system 100), customers,
 * projects and the menu tree. Runs after login and on the first entry of a reloaded page.
 */
let loading: Promise<void> | null = null;

export function loadSession(): Promise<void> {
  // the auth gate and the change-password screen may ask at the same moment: load once
  loading ??= loadWholeSession().finally(() => {
    loading = null;
  });
  return loading;
}

async function loadWholeSession(): Promise<void> {
  await loadInfo();
  // the server answers nothing else until the initial password is replaced
  if (session.get().passwordMustChange) return;
  const isAdmin = session.get().roles.includes(SUPER_ROLE);
  const [customer] = await Promise.all([loadCustomers(isAdmin), loadPlatform()]);
  const [routers] = await Promise.all([authApi.routers(), loadProjects(customer), refreshSystems()]);
  session.set({ serverRoutes: routers.data ?? [], routesLoaded: true });
  const token = session.get().token;
  if (token) openSocket(token);
}

export type LoginOutcome = { kind: 'external'; url: string } | { kind: 'route'; to: string | null };

/** Spec §4 login flow. Throws on any failure; the caller shows it, logs out and goes to '/'. */
export async function login(form: LoginForm): Promise<LoginOutcome> {
  const { token } = await authApi.login({ ...form, username: form.username.trim() });
  storage.setToken(token);
  session.set({ token, routesLoaded: false });
  resetUnauthorized();
  resetRepeatSubmit();

  await loadInfo();
  // the auth gate shows the change-password screen wherever the user goes until it is done
  if (session.get().passwordMustChange) return { kind: 'route', to: null };
  return enterAfterSignIn();
}

/** Spec §4's flow once the user is known: customers, systems, and the system to enter. */
async function enterAfterSignIn(): Promise<LoginOutcome> {
  const token = session.get().token ?? '';
  const isAdmin = session.get().roles.includes(SUPER_ROLE);
  const current = await loadCustomers(isAdmin);
  if (!current) throw new Error(i18n.t('session.customerExpired'));
  const enabled = await authApi.enabledSystems();
  const enabledSystems = enabled.rows ?? [];
  storage.setJson(storage.keys.systems, enabledSystems);
  session.set({ systems: enabledSystems });

  const enter = (await authApi.enterSystem()).data;
  const customerSystems =
    current.id === ALL_CUSTOMERS_ID ? enabledSystems : ((await authApi.customerSystems(current.id)).data ?? []);
  const monitor = [...customerSystems, ...enabledSystems].find((system) => system.encode === 'sys');
  if (monitor?.url) localStorage.setItem(storage.keys.monitorUrl, monitor.url);

  if (enter && enter.encode === 'mapScreen') {
    await finishLogin();
    return { kind: 'route', to: '/web/mapScreen' };
  }
  if (enter && enter.encode !== 'sysclient') {
    const target = customerSystems.find((system) => system.encode === enter.encode);
    if (!target) throw new Error(i18n.t('session.noSystemPermission'));
    if (target.status === '1') throw new Error(i18n.t('session.systemDisabled'));
    return { kind: 'external', url: linkedSystemUrl({ ...enter, ...target }, token, current.id, storage.getLang()) };
  }
  await finishLogin();
  return { kind: 'route', to: null };
}

async function finishLogin(): Promise<void> {
  const { data } = await authApi.userInfo();
  if (data) {
    storage.setJson(storage.keys.userInfo, data);
    session.set({ user: data });
  }
  localStorage.setItem(storage.keys.firstNavigation, '1');
  await loadSession();
}

/** Clears every trace of the session in this browser and closes the push channel. */
export function clearSession(): void {
  closeSocket();
  storage.removeToken();
  for (const key of [
    storage.keys.userInfo,
    storage.keys.customers,
    storage.keys.systems,
    storage.keys.firstNavigation,
    storage.keys.monitorUrl,
  ]) {
    storage.remove(key);
  }
  session.set({
    token: null,
    user: null,
    roles: [],
    permissions: [],
    customers: [],
    systems: [],
    projects: [],
    serverRoutes: [],
    routesLoaded: false,
    passwordMustChange: false,
  });
}

/** Logout (spec §4): tell the server, clear everything, go to the returned address or '/'. */
export async function logout(go: (url: string) => void = (url) => window.location.assign(url)): Promise<void> {
  let redirect: string | null = null;
  try {
    redirect = (await authApi.logout()).data ?? null;
  } catch {
    // the local session ends regardless
  }
  clearSession();
  go(redirect || '/');
}

export function switchCustomer(customer: Customer): Promise<Project[]> {
  storage.setJson(storage.keys.currentCustomer, customer);
  storage.remove(storage.keys.currentProject);
  session.set({ currentCustomer: customer, currentProject: null });
  return loadProjects(customer);
}

export function switchProject(project: Project): void {
  storage.setJson(storage.keys.currentProject, project);
  session.set({ currentProject: project });
}

/**
 * Code 401: the session is over. Clearing it is enough: the auth gate around every signed-in
 * page then sends the user to /login?redirect=<full path>, once.
 */
onUnauthorized(() => {
  const gated = !!document.querySelector('[data-auth-gate]');
  clearSession();
  if (!gated) window.location.assign('/login');
});
