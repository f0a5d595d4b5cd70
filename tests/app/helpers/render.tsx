import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { type ReactNode, StrictMode } from 'react'
import { VirtuosoGridMockContext, VirtuosoMockContext } from 'react-virtuoso'
import { SWRConfig } from 'swr'
import { vi } from 'vitest'
import { App } from '../../../app/app.tsx'
import { setLoggedIn } from '../../../app/state/user.ts'

export interface RenderAppOptions {
  /** Use with fake timers: user-event then advances them while it waits. */
  fakeTimers?: boolean
}

/**
 * jsdom has no layout: Virtuoso's mock contexts give the photo gallery a viewport (800×600, 40 px
 * rows) so it renders its items; the kit's grids and lists render their first items unmeasured.
 */
export function VirtualViewport({ children }: { children: ReactNode }) {
  return (
    <VirtuosoMockContext.Provider value={{ viewportHeight: 600, itemHeight: 40 }}>
      <VirtuosoGridMockContext.Provider
        value={{ viewportHeight: 600, viewportWidth: 800, itemHeight: 200, itemWidth: 200 }}
      >
        {children}
      </VirtuosoGridMockContext.Provider>
    </VirtuosoMockContext.Provider>
  )
}

/** Renders the whole app at `url` (strict mode, a fresh SWR cache) with a user-event session. */
export function renderApp(url = '/', { fakeTimers = false }: RenderAppOptions = {}) {
  window.history.replaceState(null, '', url)
  const user = userEvent.setup(fakeTimers ? { advanceTimers: vi.advanceTimersByTime.bind(vi) } : {})
  const result = render(
    <StrictMode>
      <SWRConfig value={{ provider: () => new Map() }}>
        <VirtualViewport>
          <App />
        </VirtualViewport>
      </SWRConfig>
    </StrictMode>,
  )
  return { user, ...result }
}

/** Renders Settings for a signed-in user, once `heading` (a section's) shows. */
export async function openSettingsAt(heading: string) {
  setLoggedIn(true)
  localStorage.setItem('hasPreviouslyLoggedIn', 'true')
  const view = renderApp('/settings')
  await screen.findByRole('heading', { name: heading })
  return view
}

/** The notifications region (SPEC §2: toasts at the bottom-left). */
export const toasts = () => within(screen.getByRole('region', { name: 'Notifications' }))

export const path = () => window.location.pathname

/** Disabled for people and for assistive technology (native disabled or aria-disabled). */
export const isDisabled = (element: HTMLElement) =>
  element.hasAttribute('disabled') || element.getAttribute('aria-disabled') === 'true'
