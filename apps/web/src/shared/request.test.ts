import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../locales';
import { fileNameFrom } from './download';
import { setFeedback } from './feedback';
import {
  buildHeaders,
  isRepeatSubmit,
  onUnauthorized,
  REPEAT_SUBMIT_EXEMPT_PATHS,
  request,
  resetRepeatSubmit,
  resetUnauthorized,
  toQueryString,
} from './request';

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

const ui = {
  success: vi.fn(),
  error: vi.fn(),
  warning: vi.fn(),
  info: vi.fn(),
  notifyError: vi.fn(),
  loading: vi.fn(() => () => undefined),
};

beforeEach(async () => {
  await i18n.changeLanguage('en-US');
  localStorage.setItem('lang', 'en-US');
  setFeedback(ui);
  resetRepeatSubmit();
  resetUnauthorized();
  for (const fn of Object.values(ui)) fn.mockClear();
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('headers', () => {
  it('sends token twice, customer, project and language', () => {
    localStorage.setItem('access_token', 'tok');
    localStorage.setItem('currentCustomer', JSON.stringify({ id: 7 }));
    localStorage.setItem('currentProject', JSON.stringify({ id: 3 }));
    expect(buildHeaders(true)).toEqual({
      'Accept-Language': 'en-US',
      access_token: 'tok',
      Authorization: 'Bearer tok',
      clientId: '7',
      projectId: '3',
    });
  });

  it('sends an empty clientId for the all-customers entry and no token when asked', () => {
    localStorage.setItem('access_token', 'tok');
    localStorage.setItem('currentCustomer', JSON.stringify({ id: -1 }));
    const headers = buildHeaders(false);
    expect(headers.clientId).toBe('');
    expect(headers.access_token).toBeUndefined();
  });
});

describe('query strings', () => {
  it('serialises nested params the RuoYi way and drops empty values', () => {
    expect(toQueryString({ pageNum: 1, configName: '', params: { beginTime: '2026-01-01 00:00:00' }, x: null })).toBe(
      'pageNum=1&params%5BbeginTime%5D=2026-01-01%2000%3A00%3A00',
    );
  });
});

describe('envelopes', () => {
  it('returns code 200 and passes 601 through untouched', async () => {
    vi.stubGlobal(
      'fetch',
      vi
        .fn()
        .mockResolvedValueOnce(json({ code: 200, data: 1 }))
        .mockResolvedValueOnce(json({ code: 601, msg: 'careful' })),
    );
    await expect(request({ url: '/a' })).resolves.toEqual({ code: 200, data: 1 });
    await expect(request({ url: '/b' })).resolves.toEqual({ code: 601, msg: 'careful' });
    expect(ui.error).not.toHaveBeenCalled();
  });

  it('shows the server message for 500 and rejects', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(json({ code: 500, msg: 'Captcha is wrong' })));
    await expect(request({ url: '/x' })).rejects.toThrow('Captcha is wrong');
    expect(ui.error).toHaveBeenCalledWith('Captcha is wrong', undefined);
  });

  it.each([
    [403, 'No permission for current operation'],
    [404, 'Accessed resource does not exist'],
    [418, 'Unknown system error, please report to the administrator'],
  ])('uses the default text for code %i without a message', async (code, text) => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(json({ code })));
    await expect(request({ url: '/x' })).rejects.toThrow(text);
    expect(ui.notifyError).toHaveBeenCalledWith(text);
  });

  it('logs out exactly once when several requests meet 401', async () => {
    const handler = vi.fn();
    onUnauthorized(handler);
    vi.stubGlobal(
      'fetch',
      vi.fn().mockImplementation(async () => json({ code: 401, msg: 'gone' })),
    );
    const results = await Promise.allSettled([request({ url: '/1' }), request({ url: '/2' }), request({ url: '/3' })]);
    expect(results.every((r) => r.status === 'rejected')).toBe(true);
    expect(handler).toHaveBeenCalledTimes(1);
    expect(ui.error).toHaveBeenCalledTimes(1);
    expect(ui.error).toHaveBeenCalledWith('Login status has expired, please log in again', undefined);
  });
});

describe('transport failures', () => {
  it('reports a connection failure for 5 s', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await expect(request({ url: '/x' })).rejects.toThrow('Backend API connection exception');
    expect(ui.error).toHaveBeenCalledWith('Backend API connection exception', 5);
  });

  it('aborts after the timeout and says so', async () => {
    vi.stubGlobal(
      'fetch',
      vi
        .fn()
        .mockImplementation(
          (_url: string, init: RequestInit) =>
            new Promise((_resolve, reject) =>
              init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
            ),
        ),
    );
    await expect(request({ url: '/slow', timeout: 20 })).rejects.toThrow('System API request timeout');
    expect(ui.error).toHaveBeenCalledWith('System API request timeout', 5);
  });

  it('uses 60 s by default', async () => {
    vi.useFakeTimers();
    let aborted = false;
    vi.stubGlobal(
      'fetch',
      vi.fn().mockImplementation(
        (_url: string, init: RequestInit) =>
          new Promise((_resolve, reject) =>
            init.signal?.addEventListener('abort', () => {
              aborted = true;
              reject(new DOMException('aborted', 'AbortError'));
            }),
          ),
      ),
    );
    const pending = request({ url: '/slow' }).catch(() => undefined);
    await vi.advanceTimersByTimeAsync(59_999);
    expect(aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await pending;
    expect(aborted).toBe(true);
  });

  it('reports a non-JSON HTTP failure as an API request exception', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(new Response('bad gateway', { status: 502 })));
    await expect(request({ url: '/x' })).rejects.toThrow('API request exception');
  });
});

describe('duplicate submits', () => {
  it('rejects the same POST within 1 s with the spec message', async () => {
    const fetchMock = vi.fn().mockImplementation(async () => json({ code: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    await request({ url: '/system/config', method: 'POST', data: { a: 1 } });
    await expect(request({ url: '/system/config', method: 'POST', data: { a: 1 } })).rejects.toThrow(
      'Please do not submit repeatedly',
    );
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(ui.error).toHaveBeenCalledWith('Please do not submit repeatedly', undefined);
  });

  it('allows a different body, GETs, and the task-query paths', async () => {
    const fetchMock = vi.fn().mockImplementation(async () => json({ code: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    await request({ url: '/p', method: 'POST', data: { a: 1 } });
    await request({ url: '/p', method: 'POST', data: { a: 2 } });
    await request({ url: '/g' });
    await request({ url: '/g' });
    const exempt = REPEAT_SUBMIT_EXEMPT_PATHS[0];
    await request({ url: exempt, method: 'POST', data: {} });
    await request({ url: exempt, method: 'POST', data: {} });
    expect(fetchMock).toHaveBeenCalledTimes(6);
  });

  it('accepts the same submit again after the 1 s window', () => {
    expect(isRepeatSubmit('/u', '{}', 1000)).toBe(false);
    expect(isRepeatSubmit('/u', '{}', 1999)).toBe(true);
    expect(isRepeatSubmit('/u', '{}', 3100)).toBe(false);
  });
});

describe('downloads', () => {
  it('reads the URL-encoded download-filename header', () => {
    const headers = new Headers({ 'download-filename': encodeURIComponent('参数 2026.xlsx') });
    expect(fileNameFrom(headers, 'x')).toBe('参数 2026.xlsx');
    expect(fileNameFrom(new Headers(), 'fallback.xlsx')).toBe('fallback.xlsx');
  });

  it('shows the code text when the server answers a download with a JSON error', async () => {
    const { download } = await import('./download');
    vi.stubGlobal(
      'fetch',
      vi
        .fn()
        .mockResolvedValue(
          new Response(JSON.stringify({ code: 403 }), { headers: { 'content-type': 'application/json' } }),
        ),
    );
    await expect(download('/system/config/export')).resolves.toBe(false);
    expect(ui.error).toHaveBeenCalledWith('No permission for current operation', undefined);
  });
});
