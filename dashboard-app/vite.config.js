import { defineConfig } from 'vite';

// The console is served by Koa under /dashboard/app (src/dashboard/console-app.ts); Preact's JSX runtime.
export default defineConfig({
  base: '/dashboard/app/',
  esbuild: { jsx: 'automatic', jsxImportSource: 'preact' },
  build: { outDir: 'dist', emptyOutDir: true, assetsDir: 'assets', target: 'es2022', sourcemap: false },
});
