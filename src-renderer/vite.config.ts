import { defineConfig, type UserConfig } from 'vite';
import react from '@vitejs/plugin-react';

// This file's folder, without node imports (the renderer's tsconfig has no node types).
const here = decodeURIComponent(new URL('.', import.meta.url).pathname).replace(/^\/([A-Za-z]:)/, '$1');

/**
 * Renderer build. `base: './'` so the same bundle loads from the service at `/` (web
 * mode) and from a file in Electron. Exported as a plain object so that
 * electron.vite.config.ts can reuse it.
 */
const config: UserConfig = {
  root: here,
  base: './',
  plugins: [react()],
  // zod with its options set first (src/app/zod.ts); the wrapper's own `zod/v4` is not aliased.
  resolve: { alias: [{ find: /^zod$/, replacement: `${here}src/app/zod.ts` }] },
  build: {
    outDir: `${here}../out/renderer`,
    emptyOutDir: true,
    target: 'es2022',
    minify: true,
    chunkSizeWarningLimit: 1200,
    reportCompressedSize: false,
  },
  server: { port: 5173, strictPort: false },
};

export default defineConfig(config);
