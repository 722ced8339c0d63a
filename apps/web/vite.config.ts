import { fileURLToPath, URL } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const apiTarget = process.env.VITE_DEV_API ?? 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  // ws: the live channel (/api/live) is a WebSocket.
  server: { port: 5173, proxy: { '/api': { target: apiTarget, ws: true } } },
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 600,
    rollupOptions: {
      // packages/shared is pure declarations (schemas, constants, messages), so a page that
      // imports one constant need not carry every zod schema (keeps zod out of the entry chunk).
      treeshake: { moduleSideEffects: (id) => !id.includes('/packages/shared/') },
    },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    globals: true,
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    // Route modules are lazy: the first render of a route transforms its chunk on demand.
    testTimeout: 120_000,
  },
});
