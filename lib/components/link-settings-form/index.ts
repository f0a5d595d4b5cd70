export {
  defaultLinkSettingsFormLabels,
  LinkSettingsForm,
  type LinkSettingsFormLabels,
  type LinkSettingsFormProps,
} from './link-settings-form.tsx'
export {
  noLinkSettings,
  shareLinkAccesses,
  sizeUnits,
  type LinkSettings,
  type LinkSettingsProblem,
  type ShareLinkAccess,
  type SizeUnit,
} from './link-settings.ts'
