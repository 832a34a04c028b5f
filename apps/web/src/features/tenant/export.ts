import { i18n } from '../../locales';
import { fileNameFrom, saveBlob } from '../../shared/download';
import { feedback } from '../../shared/feedback';
import { buildHeaders, defaultMessageByCode, type Params } from '../../shared/request';

/**
 * An Excel export over every customer the caller may see (the shared download helper sends the
 * navbar's customer, which would narrow a platform user's export to that customer).
 */
export async function exportAllCustomers(url: string, params: Params, fileName: string): Promise<boolean> {
  const headers = { ...buildHeaders(true), clientId: '', 'Content-Type': 'application/json;charset=utf-8' };
  try {
    const response = await fetch(url, { method: 'POST', headers, body: JSON.stringify(params) });
    const blob = await response.blob();
    if (blob.type.includes('application/json')) {
      const body = JSON.parse(await blob.text()) as { code?: number; msg?: string };
      const code = Number(body.code);
      feedback.error(
        code === 401 || code === 403 || code === 404
          ? defaultMessageByCode(code)
          : body.msg || i18n.t('errors.default'),
      );
      return false;
    }
    if (!response.ok) throw new Error(String(response.status));
    saveBlob(blob, fileNameFrom(response.headers, fileName));
    return true;
  } catch {
    feedback.error(i18n.t('errors.download'));
    return false;
  }
}
