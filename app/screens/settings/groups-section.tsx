// Settings → Users → Groups (admins only; DESIGN.md §8 "Sharing between accounts"): the groups
// with their member counts, Everyone first and read-only (it holds every enabled account); create,
// rename and delete (confirmed) a group, and open one to add accounts of this server or remove
// members. Every action is a real button or a labelled select, so it all works from the keyboard.
// Names are other people's data: React escapes them, and nothing here is HTML.
import { Button, ConfirmDialog, Dialog } from '@cumulus/ui'
import { css } from 'goober'
import { useId, useState } from 'react'
import {
  addGroupMember,
  createGroup,
  deleteGroup,
  type GroupJson,
  type GroupMemberJson,
  removeGroupMember,
  renameGroup,
} from '../../api/admin.ts'
import { keys } from '../../api/keys.ts'
import { copy } from '../../copy-screens.ts'
import { toast, toastRegions } from '../../features/toasts/toasts.tsx'
import { useAdminGroups, useAdminUsers, useGroupMembers, useRefetchKey } from '../../hooks/use-account-lists.ts'
import { notifyAuditChanged } from '../../hooks/use-audit-log.ts'
import { vars } from '../../styles.ts'
import { actions, hint, item, itemMeta, itemText, itemTitle, list, subsection } from './list-styles.ts'
import { NameForm } from './name-form.tsx'
import { ListPending, RowFailure, useRowActions } from './row-actions.tsx'
import { settingsCopy } from './settings-copy.ts'

const t = settingsCopy.groups

type Editing =
  | { kind: 'create' }
  | { kind: 'rename'; group: GroupJson }
  | { kind: 'delete'; group: GroupJson }
  | { kind: 'members'; group: GroupJson }

/** "Anna Berg (anna@example.com)": the display name, then the email. */
export const personLabel = (p: { displayName: string; email: string }) => `${p.displayName} (${p.email})`

export function GroupsSection() {
  const { groups, error } = useAdminGroups()
  const refetchGroups = useRefetchKey(keys.adminGroups())
  // A change moves a count and adds an event to the activity below.
  const refetch = () => {
    refetchGroups()
    notifyAuditChanged()
  }
  const [editing, setEditing] = useState<Editing | null>(null)
  const { busy, act, failureOf } = useRowActions(refetch)
  const close = () => setEditing(null)

  return (
    <section className={subsection} aria-labelledby="settings-groups">
      <h2 id="settings-groups">{t.title}</h2>
      <p className={hint}>{t.hint}</p>
      <div className={actions}>
        <Button icon="plus" onClick={() => setEditing({ kind: 'create' })}>
          {t.create}
        </Button>
      </div>
      {groups ? (
        <ul className={list} aria-labelledby="settings-groups">
          {groups.map((group) => (
            <li key={group._id} className={item}>
              <div className={itemText}>
                <span className={itemTitle}>{group.name}</span>
                <p className={itemMeta}>{t.members(group.members)}</p>
                {group.everyone ? <p className={itemMeta}>{t.everyoneHint}</p> : null}
              </div>
              {group.everyone ? null : (
                <>
                  <Button
                    size="small"
                    aria-label={t.openLabel(group.name)}
                    onClick={() => setEditing({ kind: 'members', group })}
                  >
                    {t.open}
                  </Button>
                  <Button
                    size="small"
                    aria-label={t.renameLabel(group.name)}
                    onClick={() => setEditing({ kind: 'rename', group })}
                  >
                    {t.rename}
                  </Button>
                  <Button
                    size="small"
                    variant="danger"
                    aria-label={t.deleteLabel(group.name)}
                    onClick={() => setEditing({ kind: 'delete', group })}
                  >
                    {t.delete}
                  </Button>
                </>
              )}
              <RowFailure message={failureOf(group._id)} />
            </li>
          ))}
        </ul>
      ) : (
        <ListPending error={error} />
      )}
      <Dialog
        open={editing?.kind === 'create' || editing?.kind === 'rename'}
        onClose={close}
        title={editing?.kind === 'rename' ? t.renameTitle(editing.group.name) : t.createTitle}
        size="small"
        getPersistentElements={toastRegions}
      >
        {editing?.kind === 'create' ? (
          <NameForm
            label={t.name}
            what={t.what}
            submitLabel={t.createSubmit}
            failure={t.saveError}
            run={async (name) => {
              await createGroup(name)
              close()
              refetch()
              toast.success(t.created)
            }}
          />
        ) : editing?.kind === 'rename' ? (
          <NameForm
            label={t.name}
            what={t.what}
            initial={editing.group.name}
            submitLabel={t.save}
            failure={t.saveError}
            run={async (name) => {
              await renameGroup(editing.group._id, name)
              close()
              refetch()
              toast.success(t.renamed)
            }}
          />
        ) : null}
      </Dialog>
      <ConfirmDialog
        open={editing?.kind === 'delete'}
        title={editing?.kind === 'delete' ? t.deleteConfirm(editing.group.name) : ''}
        text={t.deleteText}
        confirmLabel={t.delete}
        cancelLabel={copy.cancel}
        tone="danger"
        busy={busy}
        onCancel={close}
        onConfirm={() => {
          if (editing?.kind !== 'delete') return
          const { group } = editing
          void act(
            group._id,
            async () => {
              await deleteGroup(group._id)
              toast.success(t.deleted)
            },
            t.actionError,
          ).then(close)
        }}
      />
      <Dialog
        open={editing?.kind === 'members'}
        onClose={close}
        title={editing?.kind === 'members' ? t.membersTitle(editing.group.name) : ''}
        getPersistentElements={toastRegions}
      >
        {editing?.kind === 'members' ? <GroupMembers group={editing.group} onChanged={refetch} /> : null}
      </Dialog>
    </section>
  )
}

const picker = css`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: ${vars.space.small};
  margin-top: ${vars.space.medium};
`

const pickerField = css`
  display: flex;
  flex-direction: column;
  gap: ${vars.space.xsmall};
  flex: 1;
  min-width: 200px;
`

const select = css`
  font: inherit;
  padding: ${vars.space.small};
  border: ${vars.borderWidth.thin} solid ${vars.color.border};
  border-radius: ${vars.radius.medium};
  background: ${vars.color.surface};
  color: ${vars.color.text};
  &:focus-visible {
    outline: ${vars.borderWidth.thick} solid ${vars.color.focusRing};
    outline-offset: 1px;
  }
`

/** One group's members, each removable, and a pick of the server's other accounts to add. */
function GroupMembers({ group, onChanged }: { group: GroupJson; onChanged: () => void }) {
  const { members, error, refetch } = useGroupMembers(group._id)
  const { users } = useAdminUsers()
  const [chosen, setChosen] = useState('')
  const selectId = useId()
  const changed = () => {
    refetch()
    onChanged()
  }
  const { busy, act, failureOf } = useRowActions(changed)
  const inGroup = new Set((members ?? []).map((m) => m._id))
  const candidates = (users ?? []).filter((u) => !inGroup.has(u._id))

  const add = () => {
    const userId = chosen
    if (!userId) return
    void act('add', () => addGroupMember(group._id, userId), t.actionError).then(() => setChosen(''))
  }
  const remove = (member: GroupMemberJson) =>
    void act(member._id, () => removeGroupMember(group._id, member._id), t.actionError)

  return (
    <div>
      {members ? (
        members.length > 0 ? (
          <ul className={list} aria-label={t.membersTitle(group.name)}>
            {members.map((member) => (
              <li key={member._id} className={item}>
                <div className={itemText}>
                  <span className={itemTitle}>{member.displayName}</span>
                  <p className={itemMeta}>{member.email}</p>
                </div>
                <Button
                  size="small"
                  disabled={busy}
                  aria-label={t.removeLabel(personLabel(member))}
                  onClick={() => remove(member)}
                >
                  {t.remove}
                </Button>
                <RowFailure message={failureOf(member._id)} />
              </li>
            ))}
          </ul>
        ) : (
          <p className={hint}>{t.noMembers}</p>
        )
      ) : (
        <ListPending error={error} />
      )}
      {users && members ? (
        candidates.length > 0 ? (
          <div className={picker}>
            <div className={pickerField}>
              <label htmlFor={selectId}>{t.addLabel}</label>
              <select id={selectId} className={select} value={chosen} onChange={(e) => setChosen(e.target.value)}>
                <option value="">{t.choose}</option>
                {candidates.map((u) => (
                  <option key={u._id} value={u._id}>
                    {personLabel(u)}
                  </option>
                ))}
              </select>
            </div>
            <Button variant="primary" disabled={!chosen || busy} loading={busy} onClick={add}>
              {t.add}
            </Button>
          </div>
        ) : (
          <p className={hint}>{t.nobodyLeft}</p>
        )
      ) : null}
      <RowFailure message={failureOf('add')} />
    </div>
  )
}
