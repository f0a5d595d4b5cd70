import '../../helpers/setup.ts'
import { render, screen } from '@testing-library/react'
import { Suspense } from 'react'
import { describe, expect, it } from 'vitest'
import { lazyNamed } from '../../../../app/features/shell/lazy-named.ts'

const Greeting = ({ name }: { name: string }) => <p>Hello {name}</p>

describe('lazyNamed', () => {
  it('given a preloaded screen, then its first render shows it without the fallback', async () => {
    let loads = 0
    const Lazy = lazyNamed(async () => (loads++, { Greeting }), 'Greeting')
    await Lazy.preload()
    render(
      <Suspense fallback={<p>Loading</p>}>
        <Lazy name="Ada" />
      </Suspense>,
    )
    expect(screen.getByText('Hello Ada')).toBeTruthy()
    expect(screen.queryByText('Loading')).toBeNull()
    await Lazy.preload()
    expect(loads).toBe(1)
  })

  it('given no preload, then the fallback shows until the chunk arrives', async () => {
    const Lazy = lazyNamed(async () => ({ Greeting }), 'Greeting')
    render(
      <Suspense fallback={<p>Loading</p>}>
        <Lazy name="Grace" />
      </Suspense>,
    )
    expect(screen.getByText('Loading')).toBeTruthy()
    expect(await screen.findByText('Hello Grace')).toBeTruthy()
  })

  it('given a failed fetch, then the next preload tries again', async () => {
    let attempt = 0
    const Lazy = lazyNamed(async () => {
      if (attempt++ === 0) throw new Error('offline')
      return { Greeting }
    }, 'Greeting')
    await expect(Lazy.preload()).rejects.toThrow('offline')
    await Lazy.preload()
    expect(attempt).toBe(2)
  })
})
