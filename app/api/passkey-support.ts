// Whether this browser can use passkeys at all: asked without loading api/passkeys.ts (and the
// WebAuthn library under it), so the sign-in screen's first load stays without them.
export const passkeysSupported = () => typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function'
