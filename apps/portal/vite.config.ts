import { readFileSync } from 'node:fs';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The version each API call carries (X-Frontend-Version): package version plus build time, unless set.
const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };
process.env.VITE_APP_VERSION ??= `portal-${version}+${new Date().toISOString().slice(0, 16).replace(/[-:]/g, '')}`;

export default defineConfig({
  base: '/',
  plugins: [react()],
  server: { proxy: { '/api': 'http://localhost:3000', '/idp': 'http://localhost:3000', '/admin': 'http://localhost:3000' } },
  build: {
    outDir: 'dist',
    sourcemap: true,
    rolldownOptions: {
      output: {
        // Libraries change less often than the app: separate chunks stay cached across releases.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/ },
            { name: 'designsystemet', test: /node_modules[\\/](@digdir|@floating-ui|@tanstack[\\/]virtual-core|@tanstack[\\/]react-virtual|@u-elements|@navikt|@radix-ui|tabbable|clsx)[\\/]/ },
            { name: 'vendor', test: /node_modules[\\/]/ },
          ],
        },
      },
    },
  },
});
