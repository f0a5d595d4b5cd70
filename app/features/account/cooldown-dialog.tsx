import { AlertDialog } from '@cumulus/ui'
import { copy } from '../../copy-screens.ts'

/** SPEC §5: the warning shown when a reset or resend is asked for again within the minute. */
export function CooldownDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <AlertDialog open={open} onClose={onClose} icon="warning" title={copy.cooldown.title} buttonLabel={copy.okay} />
  )
}
