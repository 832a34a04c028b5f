import { i18n } from '../../locales';
import { feedback } from '../feedback';
import { type Envelope, request } from '../request';

export interface UploadResponse extends Envelope {
  url?: string;
  fileName?: string;
  newFileName?: string;
  originalFilename?: string;
  imgUrl?: string;
}

/**
 * Sends one file as multipart. Success needs code 200; any other code shows the server's msg
 * as a warning; a transport failure shows `failureKey`. Returns null when the file must be removed.
 */
export async function sendFile(
  url: string,
  file: File,
  field = 'file',
  extra: Record<string, string> = {},
  failureKey = 'upload.failed',
): Promise<UploadResponse | null> {
  const body = new FormData();
  // fields first: a server streaming the upload reads them before the file arrives
  for (const [key, value] of Object.entries(extra)) body.append(key, value);
  body.append(field, file);
  try {
    const res = await request<UploadResponse>({ url, method: 'POST', data: body, silent: true });
    if (res.code !== 200) {
      feedback.warning(res.msg || i18n.t(failureKey));
      return null;
    }
    return res;
  } catch (error) {
    const message =
      error instanceof Error && 'code' in error && (error as { code?: number }).code
        ? error.message
        : i18n.t(failureKey);
    feedback.warning(message);
    return null;
  }
}
