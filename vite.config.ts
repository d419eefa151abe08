import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

// The console is built into packages/web/dist and served by the API server on the same origin.
export default defineConfig({
  root: 'packages/web',
  plugins: [react(), tailwindcss()],
  build: { outDir: 'dist', emptyOutDir: true },
  server: {
    proxy: {
      '/v1': 'http://localhost:8080',
      '/v2': 'http://localhost:8080',
      '/api': 'http://localhost:8080',
      '/openapi.json': 'http://localhost:8080',
      '/health': 'http://localhost:8080',
    },
  },
});
