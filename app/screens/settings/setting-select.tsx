// One General setting as a row: its label and one-line description, and the select beside them.
import { Select, type SelectOption } from '@cumulus/ui'
import { useId } from 'react'
import { settingControl, settingDescription, settingLabel, settingRow, settingText } from './settings-styles.ts'

interface SettingSelectProps {
  label: string
  description: string
  options: readonly SelectOption[]
  value: string
  onValueChange: (value: string) => void
}

export function SettingSelect({ label, description, options, value, onValueChange }: SettingSelectProps) {
  const descriptionId = useId()
  return (
    <div className={settingRow}>
      <div className={settingText}>
        {/* Seen, not read: the select carries the same text as its accessible name. */}
        <span className={settingLabel} aria-hidden="true">
          {label}
        </span>
        <p id={descriptionId} className={settingDescription}>
          {description}
        </p>
      </div>
      <Select
        label={label}
        labelHidden
        aria-describedby={descriptionId}
        className={settingControl}
        options={options}
        value={value}
        onValueChange={onValueChange}
      />
    </div>
  )
}
