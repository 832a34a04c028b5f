import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { consumeLandingToken } from './app/session';
import { applyDocumentLanguage } from './locales';

// A landing URL from a linked system (code2 + pppp) signs in and reloads at '/'.
if (!consumeLandingToken()) {
  applyDocumentLanguage();
  const root = document.getElementById('root');
  if (root) createRoot(root).render(<App />);
  // the installable web app: the shell opens without a signal (public/sw.js); the crew screen keeps its own data
  if (import.meta.env.PROD && 'serviceWorker' in navigator)
    window.addEventListener('load', () => void navigator.serviceWorker.register('/sw.js').catch(() => undefined));
}
