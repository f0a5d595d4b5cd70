// The prompt's name rules mirror the server's (server/util/names.ts): every name the server refuses
// is refused as it is typed, with the server's own words, and every name it takes passes.
import { describe, expect, it } from 'vitest'
import { NAME_MAX, nameMessage, personNameMessage } from '../../../../app/features/forms/validation.ts'
import { AppError } from '../../../../server/errors.ts'
import { checkName, checkPersonName } from '../../../../server/util/names.ts'

/** What the server says about `name` ("Name" as the subject), or undefined when it takes it. */
function serverMessage(name: string): string | undefined {
  try {
    checkName(name, 'Name')
    return undefined
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 400) return error.message
    throw error
  }
}

const refused = [
  'Bulk / Test',
  '/',
  'a/b',
  'x'.repeat(NAME_MAX + 1),
  `  ${'y'.repeat(NAME_MAX + 1)}  `,
  'nul\0byte',
  '.',
  '..',
  ' .. ',
]
const accepted = [
  'Photos',
  'x'.repeat(NAME_MAX),
  `  ${'z'.repeat(NAME_MAX)}  `,
  '...',
  '.hidden',
  'a\\b',
  'ünïcødé 📁',
  ' padded ',
]

describe('nameMessage mirrors the server name rules', () => {
  it.each(refused.map((name) => [JSON.stringify(name).slice(0, 40), name]))(
    'refuses %s with the server message',
    (_label, name) => {
      const server = serverMessage(name)
      expect(server).toBeDefined()
      expect(nameMessage(name)).toBe(server)
    },
  )

  it.each(accepted.map((name) => [JSON.stringify(name).slice(0, 40), name]))(
    'accepts %s, as the server does',
    (_label, name) => {
      expect(serverMessage(name)).toBeUndefined()
      expect(nameMessage(name)).toBeUndefined()
    },
  )

  it('an empty or blank name gets the spec text "Please Enter a Name" (the server refuses it too)', () => {
    for (const name of ['', '   ']) {
      expect(serverMessage(name)).toBe('Name must not be empty')
      expect(nameMessage(name)).toBe('Please Enter a Name')
    }
  })
})

describe('personNameMessage (server/util/names.ts checkPersonName, word for word)', () => {
  it.each([
    ['Ada Lovelace', ''],
    ['  Ada  ', ''],
    ['😀'.repeat(64), ''],
    ['<script>x</script>', ''],
    ['', 'Display name must not be empty'],
    ['   ', 'Display name must not be empty'],
    ['x'.repeat(65), 'Display name must be at most 64 characters'],
    ['a\nb', 'Display name must not contain control characters such as line breaks or tabs'],
    ['a\u2029b', 'Display name must not contain control characters such as line breaks or tabs'],
    ['a\u202Db', 'Display name must not contain characters that reverse the text direction'],
    ['a\u2068b', 'Display name must not contain characters that reverse the text direction'],
  ])('given %j, then %j, as the server says', (name, message) => {
    expect(personNameMessage(name, 'Display name')).toBe(message)
    let server = ''
    try {
      checkPersonName(name)
    } catch (err) {
      server = (err as AppError).message
    }
    expect(server).toBe(message)
  })
})
