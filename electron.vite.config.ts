// electron-vite reads the Electron version from the `electron` package; where its install
// failed (no GitHub access), build for the line package.json pins.
process.env.ELECTRON_MAJOR_VER ||= '39';

import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import rendererConfig from './src-renderer/vite.config';

export default defineConfig({
  main: {
    build: {
      outDir: 'out/main',
      // service.js runs in its own utilityProcess (src-main/service-host.ts).
      rollupOptions: { input: { index: resolve(__dirname, 'src-main/index.ts'), service: resolve(__dirname, 'src-main/service-host.ts') } },
    },
  },
  preload: {
    build: {
      outDir: 'out/preload',
      // Sandboxed preloads must be CommonJS.
      rollupOptions: {
        input: { preload: resolve(__dirname, 'src-main/preload.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    ...rendererConfig,
    build: {
      ...rendererConfig.build,
      rollupOptions: { ...rendererConfig.build?.rollupOptions, input: resolve(__dirname, 'src-renderer/index.html') },
    },
  },
});
