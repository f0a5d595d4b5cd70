// The filter chips above search results (DESIGN §8): the kind of item and a date range, each one
// at a time (pressing the chosen chip again clears it); Custom range… takes the user's own days.
import { DateRangeChip, type FilterChipOption, FilterChips } from '@cumulus/ui'
import { useSignals } from '@preact/signals-react/runtime'
import { css } from 'goober'
import type { ReactNode } from 'react'
import { copy } from '../../copy-screens.ts'
import {
  type SearchKind,
  type SearchRange,
  searchCustomRange,
  searchKind,
  searchRange,
  setSearchCustomRange,
  setSearchKind,
  setSearchRange,
} from '../../state/search-filters.ts'
import { vars } from '../../styles.ts'

const bar = css`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${vars.space.small} ${vars.space.large};
  margin-bottom: ${vars.space.medium};
`

const allKinds: ReadonlyArray<FilterChipOption<SearchKind>> = [
  { value: 'folders', label: copy.search.folders },
  { value: 'photos', label: copy.search.photos },
  { value: 'videos', label: copy.search.videos },
  { value: 'documents', label: copy.search.documents },
  { value: 'audio', label: copy.search.audio },
]

const rangeLabels = {
  chip: copy.search.customRange,
  title: copy.search.customRangeTitle,
  from: copy.search.from,
  to: copy.search.to,
  apply: copy.search.apply,
  clear: copy.search.clearRange,
  missing: copy.search.rangeMissing,
  order: copy.search.rangeOrder,
  chosen: copy.search.rangeChosen,
}

const ranges: ReadonlyArray<FilterChipOption<SearchRange>> = [
  { value: 'week', label: copy.search.pastWeek },
  { value: 'month', label: copy.search.pastMonth },
  { value: 'year', label: copy.search.thisYear },
]

/** `kinds`: the kinds this search can hold (Media: photos and videos); `children`: more chips (Media's owner). */
export function SearchFilterBar({
  kinds = allKinds.map((k) => k.value),
  children,
}: {
  kinds?: readonly SearchKind[]
  children?: ReactNode
}) {
  useSignals()
  return (
    <div className={bar} data-testid="search-filters">
      <FilterChips
        label={copy.search.type}
        options={allKinds.filter((k) => kinds.includes(k.value))}
        value={searchKind.value}
        onValueChange={setSearchKind}
      />
      <FilterChips<SearchRange | 'custom'>
        label={copy.search.date}
        options={ranges}
        noneLabel={copy.search.anyTime}
        // A custom range is a choice too: Any time is not pressed then.
        value={searchRange.value ?? (searchCustomRange.value ? 'custom' : null)}
        onValueChange={(next) => setSearchRange(next === 'custom' ? searchRange.value : next)}
      >
        <DateRangeChip value={searchCustomRange.value} onValueChange={setSearchCustomRange} labels={rangeLabels} />
      </FilterChips>
      {children}
    </div>
  )
}
