import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

const path = (p: string) => fileURLToPath(new URL(p, import.meta.url));

export default defineConfig({
  root: path("./src/client"),
  publicDir: path("./src/client/public"),
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: {
      "@/": path("./src/client/"),
      "@content/": path("./src/content/"),
      "@shared/": path("./src/shared/"),
    },
  },
  build: {
    outDir: path("./dist/client"),
    emptyOutDir: true,
    // Read by the prerender step to preload each page's own code.
    manifest: true,
  },
  server: {
    proxy: {
      "/api": "http://127.0.0.1:5000",
      "/healthz": "http://127.0.0.1:5000",
      "/readyz": "http://127.0.0.1:5000",
    },
  },
});
