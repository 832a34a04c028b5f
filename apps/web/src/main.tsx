import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { consumeLandingToken } from './app/session';
import { applyDocumentLanguage } from './locales';

// A landing URL from a linked system (code2 + pppp) signs in and reloads at '/'.
if (!consumeLandingToken()) {
  applyDocumentLanguage();
  const root = document.getElementById('root');
  if (root) createRoot(root).render(<App />);
}
