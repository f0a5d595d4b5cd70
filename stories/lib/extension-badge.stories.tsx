import { expect } from 'storybook/test'
import preview from '../../.storybook/preview.tsx'
import { badgeLetters, ExtensionBadge, extensionBadgeSizes } from '../../lib/index.ts'
import { State, StateGrid } from './_support/state-grid.tsx'

const meta = preview.meta({
  title: 'Library/ExtensionBadge',
  tags: ['autodocs'],
  component: ExtensionBadge,
  args: { filename: 'Quarterly report.pdf' },
  argTypes: { size: { control: 'inline-radio', options: extensionBadgeSizes } },
})

export const Playground = meta.story({})

const samples = [
  'report.pdf',
  'notes.docx',
  'budget.xlsx',
  'backup.zip',
  'holiday.mp4',
  'photo.jpeg',
  'movie.torrent',
  'README',
  'archive.7z',
]

/** The text rules, the palette by first letter, the light-blue default and the sizes. */
export const States = meta.story({
  render: () => (
    <StateGrid columns={1}>
      <State label="common files (max 4)">
        {samples.map((name) => (
          <ExtensionBadge key={name} filename={name} />
        ))}
      </State>
      <State label="max 3">
        {samples.map((name) => (
          <ExtensionBadge key={name} filename={name} max={3} />
        ))}
      </State>
      <State label="sizes">
        {extensionBadgeSizes.map((size) => (
          <ExtensionBadge key={size} filename="movie.mkv" size={size} />
        ))}
      </State>
      <State label="palette a–z">
        {badgeLetters.map((letter) => (
          <ExtensionBadge key={letter} filename={`file.${letter}${letter}`} size="small" />
        ))}
      </State>
    </StateGrid>
  ),
})

export const StatesDark = States.extend({ globals: { theme: 'dark' } })

export const Text = meta.story({
  render: () => (
    <>
      <ExtensionBadge filename="movie.torrent" />
      <ExtensionBadge filename="LICENSE" />
    </>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByText('TORT')).toBeVisible()
    await expect(canvas.getByText('UNK')).toBeVisible()
  },
})
