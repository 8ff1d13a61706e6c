import { Cursor, runParser } from './cursor'
import type { OrderTerm } from './types'

/** `order=startDate.desc.nullslast,cabins(name),id` */
export function parseOrder(input: string): OrderTerm[] {
  return runParser('order', input, (cursor) => {
    const terms: OrderTerm[] = []
    do {
      terms.push(term(cursor))
      cursor.skipSpaces()
    } while (cursor.eat(','))
    if (!cursor.eof) cursor.unexpected(['","', 'end of input'])
    return terms
  })
}

function term(cursor: Cursor): OrderTerm {
  const name = cursor.fieldName()
  let result: OrderTerm
  if (cursor.eat('(')) {
    const field = cursor.fieldRef()
    cursor.expect(')')
    result = { relation: name, field }
  } else {
    result = { field: { name, jsonPath: cursor.jsonPath() } }
  }
  if (cursor.eat('.')) {
    if (cursor.eat('asc')) result.direction = 'asc'
    else if (cursor.eat('desc')) result.direction = 'desc'
    else if (!nulls(cursor, result)) cursor.unexpected(['"asc"', '"desc"', '"nullsfirst"', '"nullslast"'])
    if (result.nulls === undefined && cursor.eat('.') && !nulls(cursor, result)) {
      cursor.unexpected(['"nullsfirst"', '"nullslast"'])
    }
  }
  cursor.skipSpaces()
  if (!(cursor.eof || cursor.peek() === ',')) cursor.unexpected(['delimiter (.)', '","', 'end of input'])
  return result
}

function nulls(cursor: Cursor, result: OrderTerm): boolean {
  if (cursor.eat('nullsfirst')) result.nulls = 'first'
  else if (cursor.eat('nullslast')) result.nulls = 'last'
  else return false
  return true
}
