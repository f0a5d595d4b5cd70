// The app's client state back to a first visit (signals, stored preferences, toasts, dialogs,
// uploads), before each app unit test and each app story. Only the app's own stored keys are
// removed: Storybook's UI shares the stories' localStorage.
import { resetDialogs } from '../app/features/dialogs/dialog-host.tsx'
import { clearToasts } from '../app/features/toasts/toasts.tsx'
import { clearUserRecord } from '../app/hooks/use-user.ts'
import { passwordResetCooldown, resendVerificationCooldown } from '../app/state/cooldown.ts'
import { closeDrawer } from '../app/state/drawer.ts'
import { resetFilters } from '../app/state/filters.ts'
import { loadPreferences } from '../app/state/preferences.ts'
import { resetSelectionState } from '../app/state/selection.ts'
import { removeSaved, savedKeys } from '../app/state/saved.ts'
import { resetUploads } from '../app/state/uploads.ts'
import { resetUserState } from '../app/state/user.ts'

export async function resetClientState(): Promise<void> {
  for (const key of Object.values(savedKeys)) removeSaved(key)
  resetUserState()
  await clearUserRecord()
  resetSelectionState()
  resetDialogs()
  resetUploads()
  resetFilters()
  loadPreferences()
  closeDrawer()
  passwordResetCooldown.reset()
  resendVerificationCooldown.reset()
  clearToasts()
}
