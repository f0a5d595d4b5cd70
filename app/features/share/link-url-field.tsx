// A link's address, read-only, with Copy ("Link Copied"), as the spec's share dialog shows its own.
import { Button } from '@cumulus/ui'
import { useId } from 'react'
import { copy } from '../../copy-screens.ts'
import { copyWithToast } from '../clipboard/copy-with-toast.ts'
import * as styles from './share-styles.ts'

export interface LinkUrlFieldProps {
  label: string
  /** The URL; empty while there is no link. */
  url: string
  placeholder?: string
}

export function LinkUrlField({ label, url, placeholder }: LinkUrlFieldProps) {
  const fieldId = useId()
  return (
    <>
      <label htmlFor={fieldId} className={styles.label}>
        {label}
      </label>
      <div className={styles.linkRow}>
        <input
          id={fieldId}
          className={styles.linkInput}
          value={url}
          placeholder={placeholder}
          readOnly
          spellCheck={false}
          // One click takes the whole link, for a manual copy.
          onFocus={(event) => event.currentTarget.select()}
        />
        {/* Named after its field: a dialog may hold several links, each with its Copy. */}
        <Button
          icon="copy"
          disabled={!url}
          aria-label={`${copy.share.copyLink}: ${label}`}
          onClick={() => void copyWithToast(url, copy.toasts.linkCopied)}
        >
          {copy.share.copyLink}
        </Button>
      </div>
    </>
  )
}
