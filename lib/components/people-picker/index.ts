export {
  defaultPeoplePickerLabels,
  PeoplePicker,
  type PeoplePickerLabels,
  type PeoplePickerProps,
} from './people-picker.tsx'
export { memberRoles, peopleOptionName, type MemberRole, type PeopleOption } from './people-option.ts'
