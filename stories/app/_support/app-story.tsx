// The frame every app screen story renders in: the whole app (its route table, error boundary and
// toasts) at one route of a wouter memory location, a fresh SWR cache, the client state (signals,
// stored preferences) reset before each story, and the shared msw handlers of mocks/ answering
// for the server. A story names its route and whether someone is signed in through `app`:
//   parameters: { app: { route: '/home', signedIn: true } }
import type { Decorator } from '@storybook/react-vite'
import type { SetupWorker } from 'msw/browser'
import { type ReactNode, useState } from 'react'
import { configure, expect, screen, waitFor } from 'storybook/test'
import { SWRConfig } from 'swr'
import { Router } from 'wouter'
import { memoryLocation } from 'wouter/memory-location'
import { App } from '../../../app/app.tsx'
import { setHasPreviouslyLoggedIn, setLoggedIn } from '../../../app/state/user.ts'
import { resetClientState } from '../../../mocks/client-state.ts'
import { defaultHandlers, thumbnailHandlers, videoHandlers } from '../../../mocks/handlers.ts'

export interface AppParameters {
  /** The URL the app opens at (path and optional ?search). */
  route?: string
  /** A live session (the default), or a visitor. */
  signedIn?: boolean
}

/** The memory location of the story on screen, for play functions that check where the app went. */
let current: ReturnType<typeof memoryLocation<unknown>> & { history: string[] } = memoryLocation({
  path: '/',
  record: true,
})

/** The app's current path (what the address bar would show). */
export const currentPath = () => current.history.at(-1) ?? '/'

/** The meta-level beforeEach of every app story: fresh state, a session if asked, the shared handlers. */
export async function appBeforeEach({ msw, parameters }: { msw: SetupWorker; parameters: { app?: AppParameters } }) {
  // A whole app loads lazy chunks and reads the server before it shows anything: more than 1 s on a busy machine.
  configure({ asyncUtilTimeout: 5000 })
  await releaseHeld()
  await resetClientState()
  if (parameters.app?.signedIn !== false) {
    setLoggedIn(true)
    setHasPreviouslyLoggedIn(true)
  }
  // Pictures and video tokens too: no request of a story ever reaches the preview server's proxy.
  msw.use(...defaultHandlers, ...thumbnailHandlers, ...videoHandlers)
}

function AppFrame({ route, children }: { route: string; children: ReactNode }) {
  const [location] = useState(() => {
    const [path = '/', search = ''] = route.split('?')
    current = memoryLocation({ path, searchPath: search, record: true })
    return current
  })
  return (
    <SWRConfig value={{ provider: () => new Map() }}>
      <Router hook={location.hook} searchHook={location.searchHook}>
        {children}
      </Router>
    </SWRConfig>
  )
}

/** Renders the story (normally <App />) inside the app's frame at `parameters.app.route`. */
export const withApp: Decorator = (Story, { id, parameters }) => (
  // Keyed by the story: another story never inherits this one's location or SWR cache.
  <AppFrame key={id} route={(parameters.app as AppParameters | undefined)?.route ?? '/'}>
    <Story />
  </AppFrame>
)

/** Parameters of every app story's meta: a whole page (no frame padding), shot as the viewport. */
export const appScreen = (route: string, signedIn = true) => ({
  appScreen: true,
  visual: { target: 'viewport' },
  app: { route, signedIn },
})

/** A story's own route (merged over the meta's parameters). */
export const at = (route: string, signedIn = true) => ({ parameters: { app: { route, signedIn } } })

/** The whole app; the route decides the screen. */
export const renderApp = () => <App />

/**
 * A phone (390×844): the Storybook viewport for reviewers, the page size for the test runner;
 * `route` when the story's differs from the meta's.
 */
export const phone = (route?: string) => ({
  globals: { viewport: { value: 'phone', isRotated: false } },
  parameters: { visual: { viewport: { width: 390, height: 844 } }, ...(route ? { app: { route } } : {}) },
})

/** Every picture on the page has loaded (or failed and been swapped): a settled screen for the shot. */
export async function imagesSettled(): Promise<void> {
  await waitFor(() => expect([...document.querySelectorAll('img')].every((image) => image.complete)).toBe(true))
}

/** A file or folder card (its accessible name starts with the item's name). */
export const findCard = (name: string) =>
  screen.findByRole('option', { name: new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) })

/** Shown, once its popup or toast has faded in (jest-dom counts opacity 0 as hidden). */
export async function shown(element: HTMLElement | Promise<HTMLElement>): Promise<void> {
  const target = await element
  await waitFor(() => expect(target).toBeVisible())
}

const heldReplies: Array<() => void> = []

/**
 * A reply that waits until the next story starts, then fails as a network error. For calls the app
 * shares across renders (the session restore), which a never-answered request would leave stuck.
 */
export const heldUntilNextStory = () =>
  new Promise<Response>((resolve) => heldReplies.push(() => resolve(Response.error())))

async function releaseHeld(): Promise<void> {
  if (heldReplies.length === 0) return
  for (const release of heldReplies.splice(0)) release()
  // Let what was waiting settle (its failure path runs) before the next story's state is set.
  await new Promise((resolve) => setTimeout(resolve, 300))
}
