/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The engine and scenario packages are workspace TS sources (symlinked in node_modules);
// Vite transpiles them like app code, so no prebuild step is needed for them.
export default defineConfig({
  // Relative base: the built app works from any sub-path (GitHub Pages, a USB stick).
  base: './',
  plugins: [react()],
  // The engine worker is an ES module worker that imports the Emscripten ES module factory.
  worker: { format: 'es' },
  build: { target: 'es2022', sourcemap: true },
  preview: { port: 4173, strictPort: true },
  test: {
    environment: 'node',
    include: ['src/**/*.test.ts'],
  },
});
