import type { IncomingMessage } from 'node:http';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const API_TARGET = process.env.LUXGRID_API ?? 'http://127.0.0.1:8080';

/** The SPA owns page navigations and Vite's own module paths; everything else is API traffic. */
function isSpaRequest(req: IncomingMessage): boolean {
  const url = req.url ?? '/';
  if (/^\/(src|node_modules)(\/|\?|$)/.test(url) || url.startsWith('/@')) return true;
  if (/^\/(logo\.svg|favicon\.ico)$/.test(url)) return true;
  const accept = req.headers.accept ?? '';
  return req.method === 'GET' && accept.includes('text/html') && url !== '/doc.html' && !url.startsWith('/swagger-ui');
}

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: {
      '/ws': { target: API_TARGET, ws: true, changeOrigin: true },
      '^/(?!ws(/|$)).*': {
        target: API_TARGET,
        changeOrigin: true,
        bypass: (req) => (isSpaRequest(req) ? req.url : undefined),
      },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
    rollupOptions: {
      output: {
        // The login page needs only the form controls: keep tables, trees, pickers,
        // layout and the rest of antd out of its first load.
        manualChunks(id: string) {
          if (!id.includes('node_modules')) return undefined;
          if (/node_modules\/(react|react-dom|scheduler|react-router)\//.test(id)) return 'react';
          if (/node_modules\/(i18next|react-i18next|js-cookie)\//.test(id)) return 'i18n';
          if (/node_modules\/(fuse\.js|suncalc)\//.test(id)) return 'shell-utils';
          return undefined;
        },
      },
    },
  },
});
