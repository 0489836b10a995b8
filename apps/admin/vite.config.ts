import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { spaViteConfig } from '../../scripts/spa-vite-config.mjs';

export default defineConfig(
  spaViteConfig({ app: 'admin', appUrl: new URL('.', import.meta.url), base: '/admin/', proxied: ['/api', '/idp'], react: react() }),
);
