import { TERMINAL_HEADER } from '@luxgrid/contracts/mobile';
import { useEffect } from 'react';
import { http } from '../../shared/request';
import { storage } from '../../shared/storage';

const CODE_KEY = 'lx_terminal_code';
const DONE_KEY = 'lx_terminal_checked_in';

/** This phone's terminal code: made once, kept in the browser. */
function terminalCode(): string {
  let code = localStorage.getItem(CODE_KEY);
  if (!code) {
    code = `WEB-${crypto.randomUUID()}`;
    localStorage.setItem(CODE_KEY, code);
  }
  return code;
}

/** A phone or tablet, or the installed web app. */
export function isMobileTerminal(ua = navigator.userAgent): boolean {
  const installed = typeof window.matchMedia === 'function' && window.matchMedia('(display-mode: standalone)').matches;
  return installed || /Android|iPhone|iPad|iPod|Mobile|HarmonyOS/i.test(ua);
}

/**
 * Records the phone a crew member signed in from, once per sign-in (the mobile terminals screen
 * lists it; revoked there, its session ends and this check-in signs it out).
 */
export function TerminalCheckIn() {
  useEffect(() => {
    const token = storage.getToken();
    if (!token || !isMobileTerminal() || sessionStorage.getItem(DONE_KEY) === token) return;
    sessionStorage.setItem(DONE_KEY, token);
    const code = terminalCode();
    const model = /\(([^)]+)\)/.exec(navigator.userAgent)?.[1]?.split(';').pop()?.trim() ?? '';
    void http.post(
      '/app/terminal/register',
      { terminalCode: code, platform: 'WEB', deviceModel: model.slice(0, 60) },
      { silent: true, headers: { [TERMINAL_HEADER]: code } },
    );
  }, []);
  return null;
}
