// SPEC §2/§8 "Link Copied", "Filename Copied": copy, then say so. A refused copy is only logged.
import { copyText } from './clipboard.ts'
import { toast } from '../toasts/toasts.tsx'

/** Copies `text` and shows `message`; a failure is logged (SPEC §8: errors of other actions are only logged). */
export async function copyWithToast(text: string, message: string): Promise<void> {
  try {
    await copyText(text)
    toast.success(message)
  } catch (error) {
    console.warn('Copy failed', error)
  }
}
