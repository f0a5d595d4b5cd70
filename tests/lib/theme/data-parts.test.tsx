import { describe, expect, it } from 'vitest'
import {
  AccessList,
  AddedBy,
  Button,
  FileCard,
  FileListRow,
  OwnerBadge,
  Toast,
  UploadPanel,
} from '../../../lib/index.ts'
import { setup } from '../helpers/render.tsx'

// `data-part` names are public API (consumers style against them, see lib/README.md): renaming one
// is a breaking change, so the names a recipe is likely to use are pinned here.
const parts = (root: HTMLElement) => [...root.querySelectorAll('[data-part]')].map((el) => el.getAttribute('data-part'))

const file = { id: '1', name: 'report.pdf', size: 2048, uploadDate: new Date(2024, 0, 2) }

describe('data-part attributes', () => {
  it("name a card's root and its parts", () => {
    const { container } = setup(<FileCard file={file} />)
    expect(parts(container)).toEqual([
      'file-card',
      'file-preview',
      'extension-badge',
      'file-body',
      'file-name',
      'file-date',
    ])
  })

  it("name a list row's cells", () => {
    const { container } = setup(
      <div role="grid">
        <FileListRow file={file} />
      </div>,
    )
    expect(parts(container)).toEqual(
      expect.arrayContaining([
        'file-list-row',
        'file-list-name',
        'file-name',
        'file-list-size',
        'file-list-date',
        'file-list-actions',
      ]),
    )
  })

  it('name the upload panel, its rows and the toast', () => {
    const { container } = setup(
      <>
        <UploadPanel
          position="static"
          items={[{ id: 'u', name: 'a.txt', type: 'file', progress: 5, state: 'running' }]}
          onCancel={() => {}}
          onClose={() => {}}
        />
        <Toast>Saved</Toast>
        <Button>Go</Button>
      </>,
    )
    expect(parts(container)).toEqual(
      expect.arrayContaining([
        'upload-panel',
        'upload-panel-header',
        'upload-panel-title',
        'upload-item',
        'upload-item-name',
        'progress-bar',
        'toast',
        'toast-message',
        'button',
      ]),
    )
  })

  it('name the member-sharing parts', () => {
    const { container } = setup(
      <>
        <AccessList
          owner={{ displayName: 'Anna' }}
          entries={[
            { id: 's', role: 'viewer', recipient: { type: 'user', id: 'u', displayName: 'Ben', email: 'b@x.example' } },
          ]}
          readOnly
        />
        <OwnerBadge name="Ben" />
        <AddedBy name="Ben" />
      </>,
    )
    expect(parts(container)).toEqual(
      expect.arrayContaining([
        'access-list',
        'access-entry',
        'avatar',
        'person-name',
        'person-detail',
        'owner-badge',
        'added-by',
      ]),
    )
  })

  it('let a consumer pass its own data-part to a root', () => {
    const { container } = setup(<Button data-part="brand-button">Go</Button>)
    expect(container.querySelector('button')?.getAttribute('data-part')).toBe('brand-button')
  })
})
