import { readFileSync } from 'node:fs'

/**
 * Where a process's resident memory is, from /proc/<pid>/smaps (Linux): the mappings grouped by
 * what they hold, in MB. Anonymous mappings are told apart by their shape: PGlite's WebAssembly
 * memory is the largest one, glibc's thread arenas are 64 MB-aligned reservations of 64 MB.
 */
export interface MemoryBreakdown {
  rssMb: number
  /** Pages of files: the node binary, shared libraries, native addons. */
  filesMb: number
  /** malloc's main heap ([heap]). */
  mallocMainMb: number
  /** malloc's arenas of other threads (V8's compilers and GC, libuv's pool). */
  mallocThreadsMb: number
  /** The largest anonymous mapping, PGlite's WebAssembly memory: resident / reserved. */
  wasmMemoryMb: number
  wasmMemoryReservedMb: number
  /** Every other anonymous mapping (V8's heap and code, buffers). */
  otherAnonMb: number
}

interface Mapping {
  start: bigint
  end: bigint
  name: string
  rssKb: number
}

const ARENA_BYTES = 64n * 2n ** 20n

export function memoryBreakdown(pid: number): MemoryBreakdown {
  const mappings = readMappings(pid)
  const mb = (list: Mapping[]) => list.reduce((sum, m) => sum + m.rssKb, 0) / 1024
  const anon = mappings.filter((m) => m.name === '')
  const files = mappings.filter((m) => m.name !== '' && !m.name.startsWith('['))
  const heap = mappings.filter((m) => m.name === '[heap]')
  // An arena's first mapping starts on a 64 MB boundary; the rest of its 64 MB is kept PROT_NONE.
  const arenas = anon.filter((m) => m.start % ARENA_BYTES === 0n && m.end - m.start <= ARENA_BYTES)
  const rest = anon.filter((m) => !arenas.includes(m))
  // PGlite's WebAssembly memory: the largest accessible block among the resident ones (V8 keeps
  // gigabytes of inaccessible guard pages around it, which hold nothing).
  const wasmMemory = rest
    .filter((m) => m.rssKb > 4096)
    .reduce<Mapping | undefined>(
      (big, m) => (big && big.end - big.start >= m.end - m.start ? big : m),
      undefined,
    )
  return {
    rssMb: mb(mappings),
    filesMb: mb(files),
    mallocMainMb: mb(heap),
    mallocThreadsMb: mb(arenas),
    wasmMemoryMb: wasmMemory ? wasmMemory.rssKb / 1024 : 0,
    wasmMemoryReservedMb: wasmMemory ? Number(wasmMemory.end - wasmMemory.start) / 2 ** 20 : 0,
    otherAnonMb: mb(rest.filter((m) => m !== wasmMemory)),
  }
}

function readMappings(pid: number): Mapping[] {
  const mappings: Mapping[] = []
  for (const line of readFileSync(`/proc/${pid}/smaps`, 'utf8').split('\n')) {
    const header = /^([0-9a-f]+)-([0-9a-f]+) \S+ \S+ \S+ \S+\s*(.*)$/.exec(line)
    if (header) {
      mappings.push({
        start: BigInt(`0x${header[1]}`),
        end: BigInt(`0x${header[2]}`),
        name: header[3].trim(),
        rssKb: 0,
      })
    } else if (line.startsWith('Rss:')) {
      mappings[mappings.length - 1].rssKb = Number(/\d+/.exec(line)?.[0])
    }
  }
  return mappings
}

export function formatBreakdown(b: MemoryBreakdown): string {
  const f = (n: number) => n.toFixed(1)
  return (
    `RSS ${f(b.rssMb)} MB = files ${f(b.filesMb)} + malloc main ${f(b.mallocMainMb)} + malloc threads ` +
    `${f(b.mallocThreadsMb)} + wasm memory ${f(b.wasmMemoryMb)} (of ${f(b.wasmMemoryReservedMb)}) + other ${f(b.otherAnonMb)}`
  )
}
