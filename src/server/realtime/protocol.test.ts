import { describe, expect, it } from 'vitest'
import { decodeFrame, encodeFrame, reply } from './protocol'
import { bindingId } from './socket'

const decode = (text: string) => decodeFrame(Buffer.from(text))

describe('vsn 2.0.0 frames (contract §2)', () => {
  it('decodes [join_ref, ref, topic, event, payload] and encodes replies that echo the refs', () => {
    const frame = decode('["6","7","realtime:feed","phx_join",{"config":{}}]')!
    expect(frame).toEqual({
      joinRef: '6',
      ref: '7',
      topic: 'realtime:feed',
      event: 'phx_join',
      payload: { config: {} },
    })
    expect(encodeFrame(reply(frame, 'ok', {}))).toBe(
      '["6","7","realtime:feed","phx_reply",{"status":"ok","response":{}}]',
    )
  })

  it.each([
    ['not JSON', 'hello'],
    ['an object', '{"topic":"phoenix"}'],
    ['four elements', '[null,"1","phoenix","heartbeat"]'],
    ['a null payload', '[null,"1","phoenix","heartbeat",null]'],
    ['an array payload', '[null,"1","phoenix","heartbeat",[]]'],
    ['a numeric ref', '[null,1,"phoenix","heartbeat",{}]'],
    ['a huge topic', `[null,"1","${'t'.repeat(2000)}","heartbeat",{}]`],
    ['deep nesting', `[null,"1","phoenix","heartbeat",${'{"a":'.repeat(100)}1${'}'.repeat(100)}]`],
  ])('refuses %s', (_name, text) => {
    expect(decode(text)).toBeUndefined()
  })

  it('gives identical bindings one positive id below 2^27, and different ones different ids', () => {
    const a = bindingId({ event: '*', schema: 'public', table: 'bookings' })
    expect(bindingId({ table: 'bookings', schema: 'public', event: '*' })).toBe(a)
    expect(a).toBeGreaterThan(0)
    expect(a).toBeLessThan(2 ** 27)
    expect(bindingId({ event: 'INSERT', schema: 'public', table: 'bookings' })).not.toBe(a)
  })
})
