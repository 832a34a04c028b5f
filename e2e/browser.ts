import { existsSync } from 'node:fs';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { inject } from 'vitest';

export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
export const hasChromium = existsSync(CHROMIUM);

if (!hasChromium) {
  const notice = `\n${'!'.repeat(78)}\n!! Browser tests SKIPPED: no Chromium at ${CHROMIUM}.\n!! Install it: apt-get install -y chromium fonts-wqy-microhei (or set CHROMIUM_PATH).\n${'!'.repeat(78)}\n`;
  if (process.env.CI === 'true') throw new Error(`Chromium is required under CI=true.${notice}`);
  console.warn(notice);
}

export function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** What Chromium refused under the server's Content-Security-Policy, in the pages of this file's journeys. */
export const policyViolations: string[] = [];

export function watchPolicy(page: Page): void {
  page.on('console', (msg) => {
    if (/Content Security Policy/i.test(msg.text())) policyViolations.push(`${page.url()}: ${msg.text()}`);
  });
}

/**
 * No animations: contexts are created with reducedMotion 'reduce', which the app answers by
 * switching antd motion off; CSS transitions are zeroed as well (never `animation: none`,
 * which would leave antd popups waiting for an animationend that never comes).
 */
export async function noAnimations(page: Page): Promise<void> {
  watchPolicy(page);
  await page.addInitScript(() => {
    const style = document.createElement('style');
    style.textContent = '*,*::before,*::after{transition-duration:0s!important;caret-color:transparent!important}';
    document.addEventListener('DOMContentLoaded', () => document.head.appendChild(style));
  });
}

/** Signs in on the login page; the platform admin with the password that replaced its initial one. */
export async function signIn(page: Page, username: string, password?: string): Promise<void> {
  password ??= username === 'admin' ? inject('adminPassword') : 'admin123';
  await page.getByTestId('login-username').fill(username);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
}

/** The change-password screen every user with an initial password meets after signing in. */
export async function replaceInitialPassword(page: Page, current: string, next: string): Promise<void> {
  await page.getByTestId('initial-password-page').waitFor();
  await page.getByTestId('initial-pwd-old').fill(current);
  await page.getByTestId('initial-pwd-new').fill(next);
  await page.getByTestId('initial-pwd-confirm').fill(next);
  await page.getByTestId('initial-pwd-save').click();
}

export type Lang = 'zh-CN' | 'en-US';

export interface PageOptions {
  /** the interface's language on the first load (a switch made in the journey survives reloads) */
  lang?: Lang;
  viewport?: { width: number; height: number };
  acceptDownloads?: boolean;
}

/** A fresh browser context on the journeys' server: desktop size, no animations, the language chosen. */
export async function openPage(
  browser: Browser,
  { lang, viewport = { width: 1440, height: 900 }, acceptDownloads }: PageOptions = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: inject('baseURL'),
    viewport,
    reducedMotion: 'reduce',
    acceptDownloads,
  });
  const page = await context.newPage();
  await noAnimations(page);
  if (lang)
    await page.addInitScript((value) => {
      if (!localStorage.getItem('lang')) localStorage.setItem('lang', value);
    }, lang);
  return { context, page };
}

export interface SignedInOptions extends PageOptions {
  user: string;
  password?: string;
  /** the screen the sign-in leads to (the login page's redirect); the home page without it */
  at?: string;
  /** the test id that says the screen is there; the sidebar without it */
  waitFor?: string;
}

/** A fresh page signed in through the login page, on the screen asked for. */
export async function openSignedIn(
  browser: Browser,
  { user, password, at, waitFor = 'sidebar', ...options }: SignedInOptions,
): Promise<{ context: BrowserContext; page: Page }> {
  const opened = await openPage(browser, options);
  await opened.page.goto(at ? `/login?redirect=${encodeURIComponent(at)}` : '/login');
  await signIn(opened.page, user, password);
  await opened.page.getByTestId(waitFor).waitFor();
  return opened;
}

/** A signed-in user's token and the customer and project the page has chosen. */
export interface Session {
  token: string;
  clientId: string;
  projectId: number;
}

/** The signed-in page's token, customer and project, for the journey's own API calls. */
export function sessionOf(page: Page): Promise<Session> {
  return page.evaluate(() => {
    const project = JSON.parse(localStorage.getItem('currentProject') ?? 'null');
    const customer = JSON.parse(localStorage.getItem('currentCustomer') ?? 'null');
    return {
      token: localStorage.getItem('access_token') ?? '',
      clientId: String(customer?.id ?? ''),
      projectId: Number(project?.id ?? 0),
    };
  });
}

/** Who a journey's own API calls act as: the user's token, and the customer and project chosen (when chosen). */
export interface ApiSession {
  token: string;
  clientId?: string;
  projectId?: number;
}

/** A journey's call to the server: the method, the path, the JSON body if any; answers the parsed JSON. */
export type Api = <T>(method: string, path: string, body?: unknown) => Promise<T>;

/**
 * The journey's API calls as the session's user, in the language given. The session is read on
 * every call, so a project chosen or created later in the journey is sent from then on: pass the
 * object the journey updates, or a function that returns the current one.
 */
export function apiAs(session: ApiSession | (() => ApiSession), lang: Lang = 'zh-CN'): Api {
  const baseURL = inject('baseURL');
  return async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const { token, clientId, projectId } = typeof session === 'function' ? session() : session;
    const res = await fetch(`${baseURL}${path}`, {
      method,
      headers: {
        access_token: token,
        ...(clientId ? { clientId } : {}),
        ...(projectId ? { projectId: String(projectId) } : {}),
        'Accept-Language': lang,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return (await res.json()) as T;
  };
}
