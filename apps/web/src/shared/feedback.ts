import { message, notification } from 'antd';

/**
 * User feedback used outside React components (request layer, session flow). The app
 * replaces the static antd functions with its context-aware instances at start-up.
 */
export interface Feedback {
  success(text: string): void;
  error(text: string, durationSeconds?: number): void;
  warning(text: string): void;
  info(text: string): void;
  notifyError(text: string): void;
  /** Shows a loading message until the returned function is called. */
  loading(text: string): () => void;
}

const fallback: Feedback = {
  success: (text) => void message.success(text),
  error: (text, duration) => void message.error({ content: text, duration }),
  warning: (text) => void message.warning(text),
  info: (text) => void message.info(text),
  notifyError: (text) => notification.error({ title: text }),
  loading: (text) => message.loading({ content: text, duration: 0 }),
};

let current: Feedback = fallback;

export const feedback: Feedback = {
  success: (text) => current.success(text),
  error: (text, duration) => current.error(text, duration),
  warning: (text) => current.warning(text),
  info: (text) => current.info(text),
  notifyError: (text) => current.notifyError(text),
  loading: (text) => current.loading(text),
};

export function setFeedback(next: Feedback | null): void {
  current = next ?? fallback;
}
