import { existsSync } from 'node:fs';
import { type Browser, chromium, type Page } from 'playwright-core';
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
