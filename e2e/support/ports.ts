// Where the e2e server listens: the app itself, and (on its own port, never on the app's server)
// the test-only mailbox that lets specs read the mails the app sent.
export const E2E_PORT = Number(process.env.E2E_PORT ?? 4310)
export const E2E_MAIL_PORT = Number(process.env.E2E_MAIL_PORT ?? 4311)
export const E2E_BASE_URL = `http://127.0.0.1:${E2E_PORT}`
/** The same server by name: passkeys need a domain as their RP ID (WEBAUTHN_RP_ID=localhost there). */
export const E2E_LOCAL_URL = `http://localhost:${E2E_PORT}`
/** The throttling, byte-counting proxy some specs put in front of the server (throttle-proxy.ts). */
export const E2E_PROXY_PORT = Number(process.env.E2E_PROXY_PORT ?? E2E_PORT + 2)
