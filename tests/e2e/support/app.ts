import { expect, type Locator, type Page } from '@playwright/test'

export const DEMO_EMAIL = 'demo@innkeeper.local'
export const DEMO_PASSWORD = 'innkeeper-demo'

/** Signs in as the demo receptionist through the login screen and waits for the dashboard. */
export async function login(page: Page, email = DEMO_EMAIL, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/#/login')
  await page.getByLabel('Email address').fill(email)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Login' }).click()
  await expect(page).toHaveURL(/#\/dashboard/)
}

/** Sets the display mode before the app starts, as a returning user's stored choice would. */
export async function useDisplayMode(page: Page, mode: 'light' | 'dark'): Promise<void> {
  await page.addInitScript(
    (isDark) => window.localStorage.setItem('isDarkMode', String(isDark)),
    mode === 'dark',
  )
}

interface Contrast {
  /** Relative luminance (WCAG) of the background the text is drawn on: 0 black … 1 white. */
  background: number
  /** WCAG contrast ratio of the text on that background: 1 … 21. */
  ratio: number
}

/** The text's colour against the first opaque background behind it, as WCAG computes contrast. */
async function contrastOf(text: Locator): Promise<Contrast> {
  return text.evaluate((element) => {
    const channels = (colour: string) => {
      const [r, g, b, a = 1] = (colour.match(/[\d.]+/g) ?? []).map(Number)
      return { rgb: [r, g, b], a }
    }
    let backdrop: number[] | undefined
    for (let node: Element | null = element; node && !backdrop; node = node.parentElement) {
      const { rgb, a } = channels(getComputedStyle(node).backgroundColor)
      if (a === 1) backdrop = rgb
    }
    backdrop ??= [255, 255, 255]
    const ink = channels(getComputedStyle(element).color)
    const blended = ink.rgb.map((value, i) => ink.a * value + (1 - ink.a) * backdrop[i])
    const luminance = (rgb: number[]) => {
      const [r, g, b] = rgb.map((value) => {
        const v = value / 255
        return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4
      })
      return 0.2126 * r + 0.7152 * g + 0.0722 * b
    }
    const [light, dark] = [luminance(blended), luminance(backdrop)].sort((x, y) => y - x)
    return { background: luminance(backdrop), ratio: (light + 0.05) / (dark + 0.05) }
  })
}

/**
 * What "looks right in a mode" means, checked: the root carries the mode, each text sits on a
 * background of that mode (light above 0.5 luminance, dark below 0.1) and reads at WCAG AA (4.5:1).
 */
export async function expectReadableIn(
  page: Page,
  mode: 'light' | 'dark',
  ...texts: Locator[]
): Promise<void> {
  await expect(page.locator('html')).toHaveClass(new RegExp(`\\b${mode}-mode\\b`))
  for (const text of texts) {
    await expect(text).toBeVisible()
    const { background, ratio } = await contrastOf(text)
    const label = `${text} in ${mode} mode`
    if (mode === 'light') expect(background, `background of ${label}`).toBeGreaterThan(0.5)
    else expect(background, `background of ${label}`).toBeLessThan(0.1)
    expect(ratio, `contrast of ${label}`).toBeGreaterThanOrEqual(4.5)
  }
}

/**
 * Waits until a dialog or a menu has finished opening. Its zoom starts from a small box that holds
 * still for a frame or two, so a click aimed then can land beside the control once it has grown; and
 * while it fades in, its text is blended with the page behind it, which no contrast check should see.
 */
export async function waitForOpened(popup: Locator): Promise<void> {
  await expect(popup).toBeVisible()
  await popup.evaluate((element) =>
    Promise.all(element.getAnimations({ subtree: true }).map((animation) => animation.finished)),
  )
}

/** The demo seed's front-desk member: no settings, users, cabin changes or deletions. */
export const DESK_EMAIL = 'desk@innkeeper.local'
export const DESK_PASSWORD = 'innkeeper-desk'
