// Wire types of /auth/oidc (single sign-on). The app imports these as types only.
import { Type, type Static } from 'typebox'
import { BoundedString } from './common.ts'

/** Whether the sign-in screen shows "Sign in with {buttonLabel}". */
export const OidcStatusReply = Type.Object({ enabled: Type.Boolean(), buttonLabel: Type.Optional(Type.String()) })
export type OidcStatusReply = Static<typeof OidcStatusReply>

/** The browser's id travels in the query: a link the app follows cannot set the uuid header. */
export const OidcLoginQuery = Type.Object({ uuid: BoundedString(128, 1) })
export type OidcLoginQuery = Static<typeof OidcLoginQuery>
