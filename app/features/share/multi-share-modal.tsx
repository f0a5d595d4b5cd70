// The multi-select bar's Share (issue #39): one person or group and one role, and every selected
// item is shared with them; the toast says how many were. Items already shared with them, or that
// the server refuses, are counted out (ALREADY_SHARED is not a failure of the whole).
import { Dialog } from '@cumulus/ui'
import { useSignals } from '@preact/signals-react/runtime'
import { useState } from 'react'
import { addBody, addMember, type MemberRole } from '../../api/members.ts'
import { copy } from '../../copy-screens.ts'
import { useRefetch } from '../../hooks/use-refetch.ts'
import { multiSelectMap, multiShareModal, resetMultiSelect, setMultiShareModal } from '../../state/selection.ts'
import { formStack } from '../forms/form.tsx'
import { useFormSubmit } from '../forms/use-form-submit.ts'
import { toast, toastRegions } from '../toasts/toasts.tsx'
import { optionName, type PeopleOption, PeoplePicker } from './people-parts.tsx'
import { RoleSelect, shareFailure, usePeopleSearch } from './people-section.tsx'
import * as styles from './share-styles.ts'

const t = copy.people

/** Shares each item; resolves to how many were shared, rejects with the first failure when none was. */
export async function shareEach(
  items: ReadonlyArray<{ id: string; type: 'file' | 'folder' | 'quick-item' }>,
  person: PeopleOption,
  role: MemberRole,
): Promise<number> {
  const results = await Promise.allSettled(
    items.map((item) =>
      addMember(addBody({ itemType: item.type === 'folder' ? 'folder' : 'file', itemId: item.id }, person, role)),
    ),
  )
  const shared = results.filter((r) => r.status === 'fulfilled').length
  const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected')
  if (shared === 0 && failed) throw failed.reason
  return shared
}

export function MultiShareModal() {
  useSignals()
  const open = multiShareModal.value
  if (!open) return null
  return <MultiShareContent />
}

function MultiShareContent() {
  const items = Object.values(multiSelectMap.value)
  const [role, setRole] = useState<MemberRole>('viewer')
  const search = usePeopleSearch()
  const refetch = useRefetch()
  const { busy, error, act } = useFormSubmit({
    run: async (person: PeopleOption) => {
      const name = optionName(person)
      const shared = await shareEach(items, person, role)
      toast.success(shared === items.length ? t.sharedCount(shared, name) : t.sharedSome(shared, items.length, name))
      setMultiShareModal(false)
      resetMultiSelect()
      refetch.all()
    },
    failed: (failure) => {
      console.warn('Share failed', failure)
      return shareFailure(failure)
    },
  })
  return (
    <Dialog
      open
      onClose={() => setMultiShareModal(false)}
      title={t.multiTitle(items.length)}
      size="medium"
      closeLabel={copy.modals.close}
      getPersistentElements={toastRegions}
    >
      <div className={formStack}>
        <p className={styles.hint}>{t.multiHint}</p>
        <RoleSelect value={role} onChange={setRole} />
        <PeoplePicker
          options={search.options}
          onSearch={search.onSearch}
          onSelect={(person) => void act(person)}
          loading={search.loading}
          label={t.pickerLabel}
          placeholder={t.pickerPlaceholder}
          disabled={busy}
        />
        {error ? (
          <p role="alert" className={styles.hint}>
            {error}
          </p>
        ) : null}
      </div>
    </Dialog>
  )
}
