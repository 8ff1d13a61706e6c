import { createElectronPlatform } from './electron'
import type { Platform } from './types'
import { webPlatform } from './web'

/** Chosen once at start-up; nothing else in the renderer asks which shell it runs in. */
export function detectPlatform(): Platform {
  return window.innkeeper ? createElectronPlatform(window.innkeeper) : webPlatform
}
