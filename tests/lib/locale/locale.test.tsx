import { screen, within } from '@testing-library/react'
import fc from 'fast-check'
import type { ReactNode } from 'react'
import { describe, expect, it } from 'vitest'
import {
  type BrowserFile,
  type CumulusMessages,
  deMessages,
  DetailsPanel,
  enMessages,
  FileCard,
  FileGrid,
  FileList,
  formatBytes,
  intlFormatDate,
  intlFormatSize,
  LocaleProvider,
  MoveDialog,
  ShareDialog,
  UploadPanel,
  useLocale,
} from '../../../lib/index.ts'
import { setup } from '../helpers/render.tsx'

const file: BrowserFile = { id: '1', name: 'bericht.pdf', size: 1536, uploadDate: new Date(2024, 2, 7, 21, 5) }
const noop = () => {}

const Viewport = ({ children }: { children: ReactNode }) => <>{children}</>

describe('Intl defaults', () => {
  it('format each date style in the locale, and in the time zone when given', () => {
    const date = new Date(Date.UTC(2024, 2, 7, 21, 5))
    const en = intlFormatDate('en-US', 'UTC')
    const de = intlFormatDate('de-DE', 'UTC')
    expect(en(date, 'card')).toBe('03/07/24, 09:05 PM')
    expect(de(date, 'card')).toBe('07.03.24, 21:05')
    expect(de(date, 'details')).toBe('07.03.2024')
    expect(de(date, 'file')).toBe('07.03.2024, 21:05')
    expect(de(date, 'month')).toBe('März 2024')
    // 21:05 UTC is already the next morning in Tokyo.
    expect(intlFormatDate('de-DE', 'Asia/Tokyo')(date, 'card')).toBe('08.03.24, 06:05')
  })

  it("format sizes with the locale's decimal sign; en-US is exactly formatBytes", () => {
    expect(intlFormatSize('de-DE')(1536)).toBe('1,5 KB')
    expect(intlFormatSize('de-DE')(0)).toBe('0 B')
    const en = intlFormatSize('en-US')
    fc.assert(
      fc.property(
        fc.oneof(fc.nat(), fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER })),
        (bytes) => en(bytes) === formatBytes(bytes),
      ),
    )
  })
})

describe('message sets', () => {
  it('German translates every text English has, group by group', () => {
    for (const group of Object.keys(enMessages) as Array<keyof CumulusMessages>) {
      expect(Object.keys(deMessages[group]).sort(), group).toEqual(Object.keys(enMessages[group]).sort())
    }
    expect(Object.keys(deMessages).sort()).toEqual(Object.keys(enMessages).sort())
  })
})

describe('LocaleProvider', () => {
  it('gives cards, rows and panels its language, dates and sizes', () => {
    setup(
      <LocaleProvider locale="de-DE" messages={deMessages}>
        <FileCard file={file} />
        <DetailsPanel selection={{ type: 'file', file }} />
      </LocaleProvider>,
    )
    expect(screen.getByText('07.03.24, 21:05')).toBeTruthy()
    const panel = screen.getByRole('complementary', { name: 'Details' })
    expect(within(panel).getByText('Größe')).toBeTruthy()
    expect(within(panel).getByText('1,5 KB')).toBeTruthy()
    expect(within(panel).getByText('07.03.2024')).toBeTruthy()
  })

  it("given a component's own labels, then they win over the provider's messages", () => {
    setup(
      <LocaleProvider locale="de-DE" messages={deMessages}>
        <UploadPanel
          position="static"
          items={[{ id: 'u', name: 'a.txt', type: 'file', progress: 5, state: 'running' }]}
          onCancel={noop}
          onClose={noop}
          labels={{ close: 'Zumachen' }}
        />
      </LocaleProvider>,
    )
    expect(screen.getByRole('heading', { name: '1 Datei wird hochgeladen' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Zumachen' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Upload von a.txt abbrechen' })).toBeTruthy()
  })

  it("merges an inner provider's messages over the outer's, and keeps the outer's locale", () => {
    function Probe() {
      const { locale, messages } = useLocale()
      return <output>{`${locale} ${messages.common?.close} ${messages.common?.cancel}`}</output>
    }
    setup(
      <LocaleProvider locale="de-DE" messages={deMessages}>
        <LocaleProvider messages={{ common: { close: 'Zu' } }}>
          <Probe />
        </LocaleProvider>
      </LocaleProvider>,
    )
    expect(screen.getByRole('status').textContent).toBe('de-DE Zu Abbrechen')
  })

  it('takes formats of its own (the app keeps its spec formats this way)', () => {
    setup(
      <LocaleProvider
        locale="de-DE"
        formatDate={(_date, style) => `date:${style}`}
        formatSize={(bytes) => `${bytes} bytes`}
      >
        <DetailsPanel selection={{ type: 'file', file }} />
      </LocaleProvider>,
    )
    expect(screen.getByText('date:details')).toBeTruthy()
    expect(screen.getByText('1536 bytes')).toBeTruthy()
  })
})

describe('components used alone', () => {
  it('FileGrid hands its date format to every card, FileList to every row', () => {
    const format = (date: BrowserFile['uploadDate']) => `on ${new Date(date).getFullYear()}`
    const { unmount } = setup(
      <Viewport>
        <FileGrid title="Files" items={[file]} formatDate={format} />
      </Viewport>,
    )
    expect(screen.getByText('on 2024')).toBeTruthy()
    unmount()
    setup(
      <Viewport>
        <FileList title="Files" items={[file]} formatDate={format} />
      </Viewport>,
    )
    expect(screen.getByText('on 2024')).toBeTruthy()
  })

  it("MoveDialog's summary names labels.root for the root, and keeps English's 'Move to home'", () => {
    const props = {
      open: true,
      folders: [],
      currentFolder: null,
      onSearch: noop,
      onBack: noop,
      onHome: noop,
      onEnter: noop,
      onConfirm: noop,
      onClose: noop,
    }
    const { unmount } = setup(<MoveDialog {...props} />)
    expect(screen.getByText('Move to home')).toBeTruthy()
    unmount()
    setup(<MoveDialog {...props} labels={{ root: 'My Drive' }} />)
    expect(screen.getByText('Move to My Drive')).toBeTruthy()
  })

  it('ShareDialog takes its texts as one labels object, and from the provider', () => {
    setup(
      <LocaleProvider locale="de-DE" messages={deMessages}>
        <ShareDialog
          open
          filename="a.txt"
          permission="private"
          onPermissionChange={noop}
          onCopy={noop}
          onClose={noop}
          labels={{ copy: 'Kopieren!' }}
        />
      </LocaleProvider>,
    )
    expect(screen.getByRole('dialog', { name: 'Teilen' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Kopieren!' })).toBeTruthy()
    expect(screen.getByRole('combobox', { name: 'Berechtigung' }).textContent).toContain('Privat')
  })
})

describe('renderItem', () => {
  it("lets FileGrid and FileList show a product's own badge beside the kit's card or row", () => {
    const { unmount } = setup(
      <Viewport>
        <FileGrid
          title="Files"
          items={[file]}
          renderItem={(item, itemProps, { card, selected }) => (
            <div key={item.id} data-testid="own">
              {card}
              <span>{selected ? 'picked' : 'Signed'}</span>
            </div>
          )}
        />
      </Viewport>,
    )
    expect(screen.getByTestId('own').textContent).toContain('Signed')
    expect(screen.getByRole('option', { name: /bericht\.pdf/ })).toBeTruthy()
    unmount()
    setup(
      <Viewport>
        <FileList title="Files" items={[file]} renderItem={(_item, _props, { row }) => <>{row}</>} />
      </Viewport>,
    )
    expect(screen.getByRole('row', { name: /bericht\.pdf/ })).toBeTruthy()
  })
})
