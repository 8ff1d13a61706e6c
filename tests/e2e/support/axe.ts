import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'

/** The WCAG 2.2 AA rules axe checks a screen against (2.2 added AA rules only at level AA). */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']

/**
 * Waits for the page's transitions and finite animations to end: a button turning enabled once its
 * data arrived, a dialog or a toast fading in, has blended colours meanwhile, and axe measures them as
 * they are at that instant. Endless ones (a spinner, a skeleton's shimmer) are left running. A
 * transition only exists once the browser has styled the change, so each round first lets two frames
 * pass, and the rounds go on until a frame starts none (a print view's button enabled in the same
 * render as its sheet was otherwise measured mid-fade).
 */
export async function settleAnimations(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const nextFrame = () => new Promise((resolve) => requestAnimationFrame(resolve))
    for (;;) {
      await nextFrame()
      await nextFrame()
      const running = document
        .getAnimations()
        .filter(
          (animation) =>
            animation.playState === 'running' && animation.effect?.getComputedTiming().endTime !== Infinity,
        )
      if (running.length === 0) return
      await Promise.all(running.map((animation) => animation.finished.catch(() => undefined)))
    }
  })
}

interface AxeCheck {
  /** A CSS selector: only that part of the page is checked. */
  include?: string
  /** Every rule axe has (its best practices too), not only WCAG 2.2 AA's. */
  allRules?: boolean
  /** Minor and moderate violations count too. */
  anyImpact?: boolean
}

/**
 * The page's accessibility violations once its animations have settled, one entry each with its
 * elements; by default WCAG 2.2 AA's serious and critical ones. An empty list is a pass.
 */
export async function axeViolations(
  page: Page,
  { include, allRules = false, anyImpact = false }: AxeCheck = {},
): Promise<string[]> {
  await settleAnimations(page)
  let builder = new AxeBuilder({ page })
  if (include) builder = builder.include(include)
  if (!allRules) builder = builder.withTags(WCAG_TAGS)
  const { violations } = await builder.analyze()
  return violations
    .filter(({ impact }) => anyImpact || impact === 'serious' || impact === 'critical')
    .map(({ id, impact, help, nodes }) => {
      const elements = nodes.map(({ target, any }) => {
        // color-contrast says which colours it measured: the fix starts from them.
        const measured = any.find(({ data }) => data && typeof data === 'object' && 'contrastRatio' in data)
        const { fgColor, bgColor, contrastRatio } = (measured?.data ?? {}) as Record<string, unknown>
        const colours = measured ? ` (${fgColor} on ${bgColor}: ${contrastRatio}:1)` : ''
        return `    ${target.join(' ')}${colours}`
      })
      return `${id} (${impact}): ${help}\n${elements.join('\n')}`
    })
}
