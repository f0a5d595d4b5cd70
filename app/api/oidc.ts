// /auth/oidc: single sign-on (DESIGN.md §7). The flow itself is a page navigation, not a call.
import type { OidcStatusReply } from '../../server/schemas/oidc.ts'
import { getBrowserId } from '../state/browser-id.ts'
import { http } from './http.ts'

export type { OidcStatusReply }

/** Whether the server offers single sign-on, and the button's name. */
export const getOidcStatus = () => http.get<OidcStatusReply>('/auth/oidc')

/** Where the button goes: the server redirects on to the provider. The browser id names the session to start. */
export const oidcLoginUrl = () => `/auth/oidc/login?uuid=${encodeURIComponent(getBrowserId())}`
