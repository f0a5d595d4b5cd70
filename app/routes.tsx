// The route table of SPEC §2. Every screen is its own chunk (React.lazy), so the first load
// carries only the frame; protected routes pass through <Protected>.
import { Spinner } from '@cumulus/ui'
import { useSignals } from '@preact/signals-react/runtime'
import { css } from 'goober'
import { type ReactNode, Suspense, useLayoutEffect } from 'react'
import { Route, Switch, useLocation, useSearch } from 'wouter'
import { copy } from './copy.ts'
import { lazyNamed, lazyScreen } from './features/shell/lazy-named.ts'
import { decodeRouteParam as decode } from './features/shell/route-param.ts'
import { loggedIn, passwordChangeRequired, rememberRoute } from './state/user.ts'

/** The sign-in screen; `preload()` it where it is about to show. */
export const SignInScreen = lazyNamed(() => import('./screens/sign-in/sign-in-screen.tsx'), 'SignInScreen')
// Opened on `/`, the sign-in chunk is wanted at once: fetched beside React's start, not after the
// first render asks for it.
if (typeof location !== 'undefined' && location.pathname === '/') void SignInScreen.preload().catch(() => undefined)
const FilesScreen = lazyScreen(() => import('./screens/files/files-screen.tsx'), 'FilesScreen')
const SettingsScreen = lazyScreen(() => import('./screens/settings/settings-screen.tsx'), 'SettingsScreen')
const SharedScreen = lazyScreen(() => import('./screens/shared/shared-screen.tsx'), 'SharedScreen')
const SharedWithMeScreen = lazyScreen(
  () => import('./screens/shared-with-me/shared-with-me-screen.tsx'),
  'SharedWithMeScreen',
)
const PublicDownloadScreen = lazyScreen(
  () => import('./screens/public-download/public-download-screen.tsx'),
  'PublicDownloadScreen',
)
const VerifyEmailScreen = lazyScreen(
  () => import('./screens/verify-email/verify-email-screen.tsx'),
  'VerifyEmailScreen',
)
const ResetPasswordScreen = lazyScreen(
  () => import('./screens/reset-password/reset-password-screen.tsx'),
  'ResetPasswordScreen',
)
const InviteScreen = lazyScreen(() => import('./screens/invite/invite-screen.tsx'), 'InviteScreen')
const PublicShareScreen = lazyScreen(
  () => import('./screens/public-share/public-share-screen.tsx'),
  'PublicShareScreen',
)
const UserLoadErrorDialog = lazyNamed(
  () => import('./features/account/user-load-error-dialog.tsx'),
  'UserLoadErrorDialog',
)

const pageSpinner = css`
  display: grid;
  place-items: center;
  min-height: 60vh;
`

function PageSpinner() {
  return (
    <div className={pageSpinner}>
      <Spinner size="large" label={copy.loading} />
    </div>
  )
}

/**
 * SPEC §2: a visitor who is not logged in is sent to / and the route is remembered; the sign-in
 * screen restores the session and comes back here.
 */
function Protected({ children }: { children: ReactNode }) {
  useSignals()
  const [location, navigate] = useLocation()
  const search = useSearch()
  // DESIGN §7: a user whose password an admin reset chooses a new one on / first.
  const allowed = loggedIn.value && !passwordChangeRequired.value
  useLayoutEffect(() => {
    if (allowed) return
    rememberRoute(search ? `${location}?${search}` : location)
    navigate('/', { replace: true })
  }, [allowed, location, search, navigate])
  if (!allowed) return null
  return (
    <>
      {children}
      <Suspense fallback={null}>
        <UserLoadErrorDialog />
      </Suspense>
    </>
  )
}

/** Home's search; `?in=` narrows it to a folder shared with the caller (its subtree, DESIGN §8). */
function HomeSearch({ query }: { query: string }) {
  const within = new URLSearchParams(useSearch()).get('in') || undefined
  return <FilesScreen area="home" search={query} {...(within ? { within } : {})} />
}

function GoToStart() {
  const [, navigate] = useLocation()
  useLayoutEffect(() => navigate('/', { replace: true }), [navigate])
  return null
}

export function AppRoutes() {
  return (
    <Suspense fallback={<PageSpinner />}>
      <Switch>
        <Route path="/">
          <SignInScreen />
        </Route>
        <Route path="/home">
          <Protected>
            <FilesScreen area="home" />
          </Protected>
        </Route>
        <Route path="/folder/:id">
          {({ id }) => (
            <Protected>
              <FilesScreen area="home" folderId={decode(id)} />
            </Protected>
          )}
        </Route>
        <Route path="/search/:query">
          {({ query }) => (
            <Protected>
              <HomeSearch query={decode(query)} />
            </Protected>
          )}
        </Route>
        <Route path="/trash">
          <Protected>
            <FilesScreen area="trash" />
          </Protected>
        </Route>
        <Route path="/folder-trash/:id">
          {({ id }) => (
            <Protected>
              <FilesScreen area="trash" folderId={decode(id)} />
            </Protected>
          )}
        </Route>
        <Route path="/search-trash/:query">
          {({ query }) => (
            <Protected>
              <FilesScreen area="trash" search={decode(query)} />
            </Protected>
          )}
        </Route>
        <Route path="/media">
          <Protected>
            <FilesScreen area="media" />
          </Protected>
        </Route>
        <Route path="/search-media/:query">
          {({ query }) => (
            <Protected>
              <FilesScreen area="media" search={decode(query)} />
            </Protected>
          )}
        </Route>
        <Route path="/settings">
          <Protected>
            <SettingsScreen />
          </Protected>
        </Route>
        <Route path="/shared">
          <Protected>
            <SharedScreen />
          </Protected>
        </Route>
        <Route path="/shared-with-me">
          <Protected>
            <SharedWithMeScreen />
          </Protected>
        </Route>
        <Route path="/public-download/:id/:tempToken">
          {({ id, tempToken }) => <PublicDownloadScreen id={decode(id)} tempToken={decode(tempToken)} />}
        </Route>
        <Route path="/verify-email/:token">{({ token }) => <VerifyEmailScreen token={decode(token)} />}</Route>
        <Route path="/reset-password/:token">{({ token }) => <ResetPasswordScreen token={decode(token)} />}</Route>
        <Route path="/invite/:token">{({ token }) => <InviteScreen token={decode(token)} />}</Route>
        <Route path="/s/:token">{({ token }) => <PublicShareScreen token={decode(token)} />}</Route>
        <Route>
          <GoToStart />
        </Route>
      </Switch>
    </Suspense>
  )
}
