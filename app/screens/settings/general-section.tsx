// SPEC §2 settings "General": five selects, each persisted to its preference (SPEC §3 keys), and
// ours, Theme. Each is a row with a one-line description (setting-select.tsx).
import { useSignals } from '@preact/signals-react/runtime'
import { copy } from '../../copy-screens.ts'
import { isAscending, setSortAscending, setSortType, sortBy, sortTypeOf, type SortType } from '../../state/filters.ts'
import {
  listView,
  loadThumbnailsDisabled,
  setListView,
  setLoadThumbnailsDisabled,
  setSingleClickFolders,
  setTheme,
  singleClickFolders,
  theme,
  type ThemeChoice,
} from '../../state/preferences.ts'
import { SettingSelect } from './setting-select.tsx'
import { section } from './settings-styles.ts'

const s = copy.settings

const listStyleOptions = [
  { value: 'grid', label: s.grid },
  { value: 'list', label: s.list },
]
const sortOptions = [
  { value: 'date', label: s.date },
  { value: 'alp', label: s.name },
]
const orderOptions = [
  { value: 'desc', label: s.descending },
  { value: 'asc', label: s.ascending },
]
const singleClickOptions = [
  { value: 'disabled', label: s.disabled },
  { value: 'enabled', label: s.enabled },
]
const thumbnailOptions = [
  { value: 'enabled', label: s.enabled },
  { value: 'disabled', label: s.disabled },
]
const themeOptions: Array<{ value: ThemeChoice; label: string }> = [
  { value: 'system', label: s.system },
  { value: 'light', label: s.light },
  { value: 'dark', label: s.dark },
]

export function GeneralSection() {
  useSignals()
  return (
    <section className={section} aria-labelledby="settings-general">
      <h2 id="settings-general">{s.general}</h2>
      <SettingSelect
        label={s.fileListStyle}
        description={s.fileListStyleHint}
        options={listStyleOptions}
        value={listView.value ? 'list' : 'grid'}
        onValueChange={(value) => setListView(value === 'list')}
      />
      <SettingSelect
        label={s.sortBy}
        description={s.sortByHint}
        options={sortOptions}
        value={sortTypeOf(sortBy.value)}
        onValueChange={(value) => setSortType(value as SortType)}
      />
      <SettingSelect
        label={s.orderBy}
        description={s.orderByHint}
        options={orderOptions}
        value={isAscending(sortBy.value) ? 'asc' : 'desc'}
        onValueChange={(value) => setSortAscending(value === 'asc')}
      />
      <SettingSelect
        label={s.singleClick}
        description={s.singleClickHint}
        options={singleClickOptions}
        value={singleClickFolders.value ? 'enabled' : 'disabled'}
        onValueChange={(value) => setSingleClickFolders(value === 'enabled')}
      />
      <SettingSelect
        label={s.loadThumbnails}
        description={s.loadThumbnailsHint}
        options={thumbnailOptions}
        value={loadThumbnailsDisabled.value ? 'disabled' : 'enabled'}
        onValueChange={(value) => setLoadThumbnailsDisabled(value === 'disabled')}
      />
      <SettingSelect
        label={s.theme}
        description={s.themeHint}
        options={themeOptions}
        value={theme.value}
        onValueChange={(value) => setTheme(value as ThemeChoice)}
      />
    </section>
  )
}
