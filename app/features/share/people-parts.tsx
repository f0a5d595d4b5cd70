// The kit's people components (issue #39 point 8) with the app's texts: the people picker, the
// access list, the owner badge and the "added by" line. Names are other people's data; the kit
// shows them as text, isolated.
import {
  AccessList as KitAccessList,
  type AccessListProps,
  PeoplePicker as KitPeoplePicker,
  type PeoplePickerProps,
} from '@cumulus/ui'
import { copy } from '../../copy-screens.ts'

export type { AccessEntry, PeopleOption } from '@cumulus/ui'
export { AddedBy, OwnerBadge, peopleOptionName as optionName } from '@cumulus/ui'

export type AccessRole = 'viewer' | 'editor'

const t = copy.people

const pickerLabels = { members: t.groupMembers }
const accessLabels = {
  list: t.access,
  owner: copy.sharedWithMe.details.owner,
  roles: t.roles,
  // A share's recipient carries no member count (0 here): the row then just says it is a group.
  members: (count: number) => (count > 0 ? t.groupMembers(count) : t.group),
}

export const PeoplePicker = (props: PeoplePickerProps) => <KitPeoplePicker labels={pickerLabels} {...props} />
export const AccessList = (props: AccessListProps) => <KitAccessList labels={accessLabels} {...props} />
