// Renders the modals the way the signed-in layout does (in the app's locale, with the dialog host and the toasts), plus
// a tiny reader of the quick list, so a test can see the file lists refetch.
import { render } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { StrictMode } from 'react'
import { SWRConfig } from 'swr'
import { vi } from 'vitest'
import type { FileJson, FolderJson } from '../../../../server/schemas/files.ts'
import { keys } from '../../../../app/api/keys.ts'
import { DialogHost } from '../../../../app/features/dialogs/dialog-host.tsx'
import { Modals } from '../../../../app/features/dialogs/modals.tsx'
import { SpecLocale } from '../../../../app/features/shell/spec-locale.tsx'
import { Toasts } from '../../../../app/features/toasts/toasts.tsx'
import { useApi } from '../../../../app/hooks/swr-config.ts'

function QuickListReader() {
  useApi(keys.quickList())
  return null
}

function FolderListReader() {
  useApi(keys.folders({ parent: '/' }))
  return null
}

export interface RenderModalsOptions {
  fakeTimers?: boolean
  /** Also mount readers of the quick list and a folder list (their requests show refetches). */
  readers?: boolean
}

export function renderModals({ fakeTimers = false, readers = false }: RenderModalsOptions = {}) {
  const user = userEvent.setup(fakeTimers ? { advanceTimers: vi.advanceTimersByTime.bind(vi) } : {})
  const result = render(
    <StrictMode>
      <SWRConfig value={{ provider: () => new Map() }}>
        <SpecLocale>
          {readers ? (
            <>
              <QuickListReader />
              <FolderListReader />
            </>
          ) : null}
          <Modals />
          <DialogHost />
          <Toasts />
        </SpecLocale>
      </SWRConfig>
    </StrictMode>,
  )
  return { user, ...result }
}

export const fileJson = (
  overrides: Partial<Omit<FileJson, 'metadata'>> & { metadata?: Partial<FileJson['metadata']> } = {},
): FileJson => {
  const { metadata, ...rest } = overrides
  return {
    _id: 'f1',
    filename: 'Report.pdf',
    length: 1536,
    uploadDate: '2024-03-07T21:05:00.000Z',
    ...rest,
    metadata: {
      parent: '/',
      size: 1536,
      hasThumbnail: false,
      isVideo: false,
      thumbnailID: '',
      // A kind the viewer doesn't open: these dialogs are for files the viewer can't show.
      preview: null,
      ...metadata,
    },
  }
}

export const folderJson = (id: string, name: string, parent = '/'): FolderJson => ({
  _id: id,
  name,
  parent,
  parentList: parent === '/' ? ['/'] : ['/', parent],
  createdAt: '2024-03-07T21:05:00.000Z',
  updatedAt: '2024-03-07T21:05:00.000Z',
})
