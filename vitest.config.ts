import { resolve } from 'node:path'
import { defineConfig } from 'vitest/config'
import react from '@vitejs/plugin-react'

const alias = { '@shared': resolve('src/shared'), '@renderer': resolve('src/renderer/src') }
// A focused test (.only) left in a file fails the run anywhere, not only where CI is set.
const allowOnly = false

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'node',
          allowOnly,
          environment: 'node',
          include: [
            'src/{main,preload,server,shared}/**/*.test.ts',
            'scripts/**/*.test.ts',
            'tests/integration/**/*.test.ts',
            'tests/reliability/**/*.test.ts',
          ],
          exclude: ['**/*.keychain.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        plugins: [react()],
        resolve: { alias },
        test: {
          name: 'renderer',
          allowOnly,
          environment: 'jsdom',
          include: ['src/renderer/**/*.test.{ts,tsx}'],
          setupFiles: ['src/renderer/src/test/setup.ts'],
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'keychain',
          allowOnly,
          environment: 'node',
          include: ['src/**/*.keychain.test.ts', 'tests/**/*.keychain.test.ts'],
        },
      },
    ],
  },
})
