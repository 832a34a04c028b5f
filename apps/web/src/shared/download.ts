import { i18n } from '../locales';
import { feedback } from './feedback';
import { buildHeaders, defaultMessageByCode, type Params, toQueryString } from './request';

const t = (key: string) => i18n.t(key);

/** Reads the file name the server sends (URL-encoded) in `download-filename`. */
export function fileNameFrom(headers: Headers, fallback: string): string {
  const raw = headers.get('download-filename');
  if (!raw) return fallback;
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

export function saveBlob(blob: Blob, fileName: string): void {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 1000);
}

/** A JSON body where a file was expected is an error envelope: show it by code (spec §8). */
async function reportJsonBlob(blob: Blob): Promise<void> {
  try {
    const body = JSON.parse(await blob.text()) as { code?: number; msg?: string };
    const code = Number(body.code);
    feedback.error(
      code === 401 || code === 403 || code === 404 ? defaultMessageByCode(code) : body.msg || t('errors.default'),
    );
  } catch {
    feedback.error(t('errors.default'));
  }
}

export interface DownloadOptions {
  method?: 'GET' | 'POST';
  /** Sent as a JSON body for POST (exports), as the query for GET. */
  params?: Params;
  fileName?: string;
}

/** Fetches a file and saves it. Resolves true when a file was saved. */
export async function download(url: string, options: DownloadOptions = {}): Promise<boolean> {
  const method = options.method ?? 'POST';
  const headers = buildHeaders(true);
  let target = url;
  let body: string | undefined;
  const query = toQueryString(options.params);
  if (method === 'GET' && query) target += (url.includes('?') ? '&' : '?') + query;
  if (method === 'POST') {
    headers['Content-Type'] = 'application/json;charset=utf-8';
    body = JSON.stringify(options.params ?? {});
  }
  try {
    const response = await fetch(target, { method, headers, body });
    const blob = await response.blob();
    if (blob.type.includes('application/json')) {
      await reportJsonBlob(blob);
      return false;
    }
    if (!response.ok) throw new Error(String(response.status));
    saveBlob(blob, fileNameFrom(response.headers, options.fileName ?? 'download'));
    return true;
  } catch {
    feedback.error(t('errors.download'));
    return false;
  }
}

/** GET /common/download?fileName=&delete= — a file the server generated earlier. */
export function downloadGenerated(fileName: string, deleteAfter = true): Promise<boolean> {
  return download('/common/download', {
    method: 'GET',
    params: { fileName, delete: deleteAfter },
    fileName,
  });
}
