import { expect, fn } from 'storybook/test'
import preview from '../../.storybook/preview.tsx'
import { Button, buttonSizes, buttonVariants, createTheme, IconButton } from '../../lib/index.ts'
import { State, StateGrid } from './_support/state-grid.tsx'

const meta = preview.meta({
  title: 'Library/Button',
  tags: ['autodocs'],
  component: Button,
  args: { children: 'Upload Files', onClick: fn() },
  argTypes: {
    variant: { control: 'inline-radio', options: buttonVariants },
    size: { control: 'inline-radio', options: buttonSizes },
  },
})

export const Playground = meta.story({})

/** Every variant in every size, plus disabled, loading, icon-only and a long label. */
export const States = meta.story({
  render: () => (
    <StateGrid columns={4}>
      {buttonVariants.map((variant) => (
        <State key={variant} label={variant}>
          {buttonSizes.map((size) => (
            <Button key={size} variant={variant} size={size}>
              {size}
            </Button>
          ))}
        </State>
      ))}
      {buttonVariants.map((variant) => (
        <State key={variant} label={`${variant} · icon, disabled, loading`}>
          <Button variant={variant} icon="upload">
            Upload
          </Button>
          <Button variant={variant} disabled>
            Disabled
          </Button>
          <Button variant={variant} loading>
            Saving
          </Button>
        </State>
      ))}
      <State label="icon buttons (ghost, secondary, primary, danger)">
        <IconButton icon="close" label="Close" />
        <IconButton icon="more-vertical" label="More actions" variant="secondary" />
        <IconButton icon="plus" label="Add" variant="primary" />
        <IconButton icon="trash" label="Delete" variant="danger" size="small" />
        <IconButton icon="settings" label="Settings" size="large" />
      </State>
      <State label="long label">
        <div style={{ maxWidth: 220, display: 'flex' }}>
          <Button variant="primary">Move to a folder with a very long name indeed</Button>
        </div>
      </State>
    </StateGrid>
  ),
})

export const StatesDark = States.extend({ globals: { theme: 'dark' } })

// The README's brand: a deep green in light, a bright mint in dark.
const brand = createTheme({ accent: '#0b7a53', darkAccent: '#3fd09a' })

/**
 * A bright dark accent: text on it turns black, where white would read at 1.96:1 (the a11y check
 * measures every button here); Delete keeps its white on red.
 */
export const StatesBrightDarkAccent = meta.story({
  globals: { theme: 'dark' },
  render: () => (
    <div style={brand.dark}>
      <StateGrid columns={2}>
        <State label="primary on #3fd09a">
          {buttonSizes.map((size) => (
            <Button key={size} variant="primary" size={size}>
              {size}
            </Button>
          ))}
          <Button variant="primary" icon="upload">
            Upload
          </Button>
          <IconButton icon="plus" label="Add" variant="primary" />
        </State>
        <State label="danger, secondary">
          <Button variant="danger">Delete</Button>
          <Button variant="secondary">Cancel</Button>
        </State>
      </StateGrid>
    </div>
  ),
  play: async ({ canvas }) => {
    const upload = canvas.getByRole('button', { name: 'Upload' })
    await expect(getComputedStyle(upload).backgroundColor).toBe('rgb(63, 208, 154)')
    await expect(getComputedStyle(upload).color).toBe('rgb(0, 0, 0)')
    await expect(getComputedStyle(canvas.getByRole('button', { name: 'Delete' })).color).toBe('rgb(255, 255, 255)')
  },
})

/** Tab reaches the button; Enter and Space press it; a disabled one is skipped. */
export const Keyboard = meta.story({
  render: (args) => (
    <div style={{ display: 'flex', gap: 8 }}>
      <Button {...args} />
      <Button disabled>Disabled</Button>
      <Button variant="primary" onClick={args.onClick}>
        Confirm
      </Button>
    </div>
  ),
  play: async ({ canvas, userEvent, args }) => {
    await userEvent.tab()
    const upload = canvas.getByRole('button', { name: 'Upload Files' })
    await expect(upload).toHaveFocus()
    await userEvent.keyboard('{Enter}')
    await userEvent.keyboard(' ')
    await expect(args.onClick).toHaveBeenCalledTimes(2)
    await userEvent.tab()
    await expect(canvas.getByRole('button', { name: 'Confirm' })).toHaveFocus()
  },
})

/** A loading button keeps focus, says it is busy and ignores presses. */
export const Loading = meta.story({
  args: { loading: true, children: 'Saving' },
  play: async ({ canvas, userEvent, args }) => {
    const button = canvas.getByRole('button', { name: 'Saving' })
    await expect(button).toHaveAttribute('aria-busy', 'true')
    await userEvent.tab()
    await expect(button).toHaveFocus()
    await userEvent.keyboard('{Enter}')
    await expect(args.onClick).not.toHaveBeenCalled()
  },
})

/** A pointer click presses it once. */
export const Pointer = meta.story({
  play: async ({ canvas, userEvent, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Upload Files' }))
    await expect(args.onClick).toHaveBeenCalledOnce()
  },
})
