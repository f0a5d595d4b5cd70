// "Share with people" (issue #39, DESIGN.md §8): the share dialogs' section that gives accounts
// and groups of this server a role on the item. The picker searches /share-service/people as
// typing pauses; the role chosen beside it is the next add's; the access list changes or removes
// each share. Owners only: a member's item has no Share entry at all (item-menu.ts).
import { Select } from '@cumulus/ui'
import { useId, useState } from 'react'
import { failureReason } from '../../api/http.ts'
import {
  addBody,
  addMember,
  type MemberRole,
  type MemberShareJson,
  type PersonJson,
  removeMember,
  setMemberRole,
  type ShareItemType,
} from '../../api/members.ts'
import { copy } from '../../copy-screens.ts'
import { useDebounced } from '../../hooks/use-debounced.ts'
import { useMembers, usePeople, useRefetchMembers } from '../../hooks/use-members.ts'
import { useRefetch } from '../../hooks/use-refetch.ts'
import { errorCode } from '../errors/error-code.ts'
import { useFormSubmit } from '../forms/use-form-submit.ts'
import { toast } from '../toasts/toasts.tsx'
import { AccessList, type AccessEntry, type PeopleOption, PeoplePicker } from './people-parts.tsx'
import * as styles from './share-styles.ts'

const t = copy.people

/** How long typing pauses before the people are asked for (as the search suggestions). */
export const PEOPLE_SEARCH_DELAY_MS = 300

export const roleOptions = [
  { value: 'viewer', label: t.roles.viewer },
  { value: 'editor', label: t.roles.editor },
] as const

/** The server's suggestion as the picker's option. */
export const toOption = (person: PersonJson): PeopleOption =>
  person.type === 'group'
    ? { type: 'group', id: person._id, name: person.name, members: person.members }
    : { type: 'user', id: person._id, displayName: person.displayName, email: person.email }

/** A share's recipient as the access list shows it (a group's member count is not sent: 0 hides nothing). */
const toEntry = (share: MemberShareJson): AccessEntry => ({
  id: share._id,
  role: share.role,
  recipient:
    share.recipient.type === 'group'
      ? { type: 'group', id: share.recipient._id, name: share.recipient.displayName, members: 0 }
      : {
          type: 'user',
          id: share.recipient._id,
          displayName: share.recipient.displayName,
          email: share.recipient.email ?? '',
        },
})

/** What a refused share says: the codes of DESIGN.md §8 in words, else the server's reason. */
export function shareFailure(error: unknown): string {
  const code = errorCode(error)
  return code && code in t.errors ? t.errors[code as keyof typeof t.errors] : failureReason(error)
}

/** The picker with its debounced search of the server's people. */
export function usePeopleSearch() {
  const [typed, setTyped] = useState('')
  const settled = useDebounced(typed, PEOPLE_SEARCH_DELAY_MS)
  const { people, loading } = usePeople(settled)
  return { options: people.map(toOption), loading: loading || typed.trim() !== settled.trim(), onSearch: setTyped }
}

export function RoleSelect({ value, onChange }: { value: MemberRole; onChange: (role: MemberRole) => void }) {
  return (
    <Select
      label={t.role}
      options={roleOptions}
      value={value}
      onValueChange={(next) => onChange(next as MemberRole)}
      layout="inline"
    />
  )
}

export function PeopleSection({ itemType, itemId }: { itemType: ShareItemType; itemId: string }) {
  const headingId = useId()
  const item = { itemType, itemId }
  const [role, setRole] = useState<MemberRole>('viewer')
  const search = usePeopleSearch()
  const { shares, loaded, error: loadError } = useMembers(item)
  const refetchMembers = useRefetchMembers()
  const refetch = useRefetch()
  const changed = () => {
    refetchMembers(itemType, itemId)
    // The item's "shared" mark follows its shares.
    refetch.all()
  }

  const add = useFormSubmit({
    run: async (person: PeopleOption) => {
      await toast.promise(addMember(addBody(item, person, role)), t.toasts.add)
      changed()
    },
    failed: shareFailure,
    stays: true,
  })
  const change = useFormSubmit({
    run: async (entry: AccessEntry, next: MemberRole) => {
      await toast.promise(setMemberRole(entry.id, next), t.toasts.role)
      changed()
    },
    failed: shareFailure,
    stays: true,
  })
  const remove = useFormSubmit({
    run: async (entry: AccessEntry) => {
      await toast.promise(removeMember(entry.id), t.toasts.remove)
      changed()
    },
    failed: shareFailure,
    stays: true,
  })
  const failure = add.error || change.error || remove.error
  const entries = shares.map(toEntry)

  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.sectionTitle}>
        {t.title}
      </h2>
      <p className={styles.hint}>{t.hint}</p>
      <PeoplePicker
        options={search.options}
        onSearch={search.onSearch}
        onSelect={(person) => {
          change.setError('')
          remove.setError('')
          void add.act(person)
        }}
        loading={search.loading}
        label={t.pickerLabel}
        placeholder={t.pickerPlaceholder}
        disabled={add.busy}
        exclude={entries.map((entry) => entry.recipient.id)}
      />
      <RoleSelect value={role} onChange={setRole} />
      {failure ? (
        <p role="alert" className={styles.hint}>
          {failure}
        </p>
      ) : null}
      <h3 className={styles.sectionTitle}>{t.access}</h3>
      {loaded ? (
        <AccessList
          // The owner heads the list (the caller: only owners see this section).
          owner={{ displayName: t.you }}
          entries={entries}
          onRoleChange={(entry, next) => {
            add.setError('')
            remove.setError('')
            void change.act(entry, next)
          }}
          onRemove={(entry) => {
            add.setError('')
            change.setError('')
            void remove.act(entry)
          }}
        />
      ) : (
        <p className={styles.hint}>{loadError ? t.loadError : t.loading}</p>
      )}
    </section>
  )
}
