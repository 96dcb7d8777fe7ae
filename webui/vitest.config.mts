import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "@": path.resolve(__dirname) } },
  test: { environment: "jsdom", include: ["tests/**/*.test.{ts,tsx}"], globals: false },
});
