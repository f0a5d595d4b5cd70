import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

const API_PORT = Number(process.env.API_PORT ?? 3001)
const api = { target: `http://127.0.0.1:${API_PORT}`, changeOrigin: false }

// The SPA. In `npm run dev` Vite serves it on :3000 and forwards the API to the server on :3001;
// in production the server serves dist/app itself (same origin either way).
export default defineConfig({
  plugins: [react(), vanillaExtractPlugin()],
  publicDir: 'public',
  build: { outDir: 'dist/app', emptyOutDir: true, sourcemap: true, chunkSizeWarningLimit: 600 },
  optimizeDeps: { include: ['@vanilla-extract/recipes/createRuntimeFn'] },
  server: {
    port: 3000,
    strictPort: true,
    proxy: { '/user-service': api, '/file-service': api, '/folder-service': api, '/healthz': api },
  },
})
