import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { spaViteConfig } from '../../scripts/spa-vite-config.mjs';

export default defineConfig(
  spaViteConfig({
    app: 'portal',
    appUrl: new URL('.', import.meta.url),
    base: '/',
    proxied: ['/api', '/idp', '/admin'],
    react: react(),
    withEntry: ['../../packages/api-client/src/zod-without-eval.ts', 'src/app/start-app.tsx'],
  }),
);
