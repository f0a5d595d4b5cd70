// Entry: mounts the app into #app (SPEC §1) and refreshes the access token at load (SPEC §4).
// The library's Inter font faces are optional for consumers; the app's type is Inter.
import '@cumulus/ui/fonts.css'
import './styles.ts'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app.tsx'
import { applyTheme } from './state/preferences.ts'
import { refreshAtLoad } from './state/session.ts'

// The app restores scroll per URL itself (useScrollMemory); the browser's own attempt would fight it.
history.scrollRestoration = 'manual'
// The stored theme goes on <html> before React renders anything (the CSP forbids an inline script
// in index.html that could do it earlier; nothing but an empty #app is on screen before this).
applyTheme()
void refreshAtLoad()

createRoot(document.getElementById('app')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
)
