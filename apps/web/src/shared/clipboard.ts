import { i18n } from '../locales';
import { feedback } from './feedback';

/** Copies text and says so: 'copied to clipboard successfully' / 'copy failed'. */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
    } else {
      const area = document.createElement('textarea');
      area.value = text;
      area.style.position = 'fixed';
      area.style.opacity = '0';
      document.body.appendChild(area);
      area.select();
      const ok = document.execCommand('copy');
      area.remove();
      if (!ok) throw new Error('copy');
    }
    feedback.success(i18n.t('clipboard.success'));
    return true;
  } catch {
    feedback.error(i18n.t('clipboard.failed'));
    return false;
  }
}
