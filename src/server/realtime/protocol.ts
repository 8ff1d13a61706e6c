import { jsonNestedDeeperThan } from '../http/json'

/**
 * Phoenix framing as Supabase Realtime speaks it to supabase-js (vsn 2.0.0, docs/REALTIME_CONTRACT.md
 * §2): every frame is a JSON text array [join_ref, ref, topic, event, payload] with an object payload.
 */

export type Ref = string | null
export type Payload = Record<string, unknown>

export interface Frame {
  joinRef: Ref
  ref: Ref
  topic: string
  event: string
  payload: Payload
}

/** The only protocol version served; 1.0.0 clients would need object frames (contract §11.19). */
export const PROTOCOL_VERSION = '2.0.0'

/** Refs, topics and event names longer than this are garbage, not a client's. */
const MAX_FIELD_LENGTH = 1024
/** Deeper payloads are refused unparsed; supabase-js nests a join's config four levels deep. */
const MAX_PAYLOAD_DEPTH = 32

/**
 * A text frame from a client as a Frame, or undefined for anything else (not JSON, not a five-element
 * array, wrong field types, nested too deep): the socket then ignores it, as Phoenix does.
 */
export function decodeFrame(text: Uint8Array): Frame | undefined {
  if (jsonNestedDeeperThan(text, MAX_PAYLOAD_DEPTH)) return undefined
  let value: unknown
  try {
    value = JSON.parse(Buffer.from(text.buffer, text.byteOffset, text.byteLength).toString('utf8'))
  } catch {
    return undefined
  }
  if (!Array.isArray(value) || value.length !== 5) return undefined
  const [joinRef, ref, topic, event, payload] = value as unknown[]
  if (!isRef(joinRef) || !isRef(ref) || !isShortString(topic) || !isShortString(event)) return undefined
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) return undefined
  return { joinRef, ref, topic, event, payload: payload as Payload }
}

export function encodeFrame(frame: Frame): string {
  return JSON.stringify([frame.joinRef, frame.ref, frame.topic, frame.event, frame.payload])
}

function isRef(value: unknown): value is Ref {
  return value === null || isShortString(value)
}

function isShortString(value: unknown): value is string {
  return typeof value === 'string' && value.length <= MAX_FIELD_LENGTH
}

/** The phx_reply a push gets: same join_ref, ref and topic. */
export function reply(to: Frame, status: 'ok' | 'error', response: Payload): Frame {
  return {
    joinRef: to.joinRef,
    ref: to.ref,
    topic: to.topic,
    event: 'phx_reply',
    payload: { status, response },
  }
}
