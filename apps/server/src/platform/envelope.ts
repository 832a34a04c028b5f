import { CODE, type Lang, type MessageKey, message } from '@luxgrid/contracts';

export function ok<T>(lang: Lang, data?: T, key: MessageKey = 'op.success') {
  return data === undefined
    ? { code: CODE.OK, msg: message(key, lang) }
    : { code: CODE.OK, msg: message(key, lang), data };
}

export function table<T>(lang: Lang, rows: T[], total: number) {
  return { code: CODE.OK, msg: message('op.success', lang), rows, total };
}
