/**
 * "Perhaps you meant …" hints, as PostgREST gives for unknown tables, functions and relationships.
 * Similarity is the Dice coefficient of letter pairs, which is enough to catch typos and plurals.
 */
export function closestMatch(
  candidates: Iterable<string>,
  needle: string,
  minScore = 0.55,
): string | undefined {
  const target = pairs(needle)
  let best: string | undefined
  let bestScore = minScore
  for (const candidate of candidates) {
    if (candidate === needle) continue
    const score = dice(target, pairs(candidate))
    if (score >= bestScore) {
      best = candidate
      bestScore = score
    }
  }
  return best
}

function pairs(text: string): Map<string, number> {
  const padded = ` ${text.toLowerCase()} `
  const counts = new Map<string, number>()
  for (let i = 0; i < padded.length - 1; i++) {
    const pair = padded.slice(i, i + 2)
    counts.set(pair, (counts.get(pair) ?? 0) + 1)
  }
  return counts
}

function dice(a: Map<string, number>, b: Map<string, number>): number {
  let shared = 0
  let total = 0
  for (const [pair, count] of a) {
    shared += Math.min(count, b.get(pair) ?? 0)
    total += count
  }
  for (const count of b.values()) total += count
  return total === 0 ? 0 : (2 * shared) / total
}
