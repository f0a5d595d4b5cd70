// Placeholder shell until the app issue lands: proves the build and same-origin serving work.
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'

function Placeholder() {
  return (
    <main style={{ fontFamily: 'system-ui, sans-serif', padding: '2rem' }}>
      <h1>Cumulus</h1>
      <p>Your personal cloud is running. The web app arrives in the next release.</p>
    </main>
  )
}

createRoot(document.getElementById('app')!).render(
  <StrictMode>
    <Placeholder />
  </StrictMode>,
)
