// SPEC §2 settings "General": five selects, each persisted to its preference (SPEC §3 keys).
import { Select } from '@cumulus/ui'
import { useSignals } from '@preact/signals-react/runtime'
import { copy } from '../../copy.ts'
import { isAscending, setSortAscending, setSortType, sortBy, sortTypeOf, type SortType } from '../../state/filters.ts'
import {
  listView,
  loadThumbnailsDisabled,
  setListView,
  setLoadThumbnailsDisabled,
  setSingleClickFolders,
  singleClickFolders,
} from '../../state/preferences.ts'
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

export function GeneralSection() {
  useSignals()
  return (
    <section className={section} aria-labelledby="settings-general">
      <h2 id="settings-general">{s.general}</h2>
      <Select
        layout="inline"
        label={s.fileListStyle}
        options={listStyleOptions}
        value={listView.value ? 'list' : 'grid'}
        onValueChange={(value) => setListView(value === 'list')}
      />
      <Select
        layout="inline"
        label={s.sortBy}
        options={sortOptions}
        value={sortTypeOf(sortBy.value)}
        onValueChange={(value) => setSortType(value as SortType)}
      />
      <Select
        layout="inline"
        label={s.orderBy}
        options={orderOptions}
        value={isAscending(sortBy.value) ? 'asc' : 'desc'}
        onValueChange={(value) => setSortAscending(value === 'asc')}
      />
      <Select
        layout="inline"
        label={s.singleClick}
        options={singleClickOptions}
        value={singleClickFolders.value ? 'enabled' : 'disabled'}
        onValueChange={(value) => setSingleClickFolders(value === 'enabled')}
      />
      <Select
        layout="inline"
        label={s.loadThumbnails}
        options={thumbnailOptions}
        value={loadThumbnailsDisabled.value ? 'disabled' : 'enabled'}
        onValueChange={(value) => setLoadThumbnailsDisabled(value === 'disabled')}
      />
    </section>
  )
}
