// Vite's `?raw` imports and import.meta.glob embed the SQL in the built server (electron-vite and
// vitest both run Vite), so no file has to be found at run time.
/// <reference types="vite/client" />
