import { Type, type Static } from 'typebox'

/** Every error body (DESIGN.md §4). */
export const ErrorBody = Type.Object({
  statusCode: Type.Integer(),
  code: Type.String(),
  message: Type.String(),
})
export type ErrorBody = Static<typeof ErrorBody>

/** Strings from users are bounded so a huge value is a 400, not work for the server. */
export const BoundedString = (maxLength: number, minLength = 0) => Type.String({ minLength, maxLength })
