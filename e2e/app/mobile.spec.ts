// The file browser on a phone (issue #8, SPEC §2 layout): a Menu button instead of the settings
// cog, the sidebar as a slide-in drawer, a 500 ms long press for the context menu, no details
// panel, and Quick Access items that open on one tap (SPEC §4).
import { expect, test } from '@playwright/test'
import { createFolder, upload } from '../support/api.ts'
import { item, signedIn } from '../support/browser.ts'
import { longPress } from '../support/touch.ts'

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true })

test.describe('mobile', () => {
  test('given a phone, the header has a Menu button and no cog; the drawer lists the areas, navigates and closes', async ({
    page,
  }) => {
    await signedIn(page)
    const menuButton = page.getByRole('button', { name: 'Menu', exact: true })
    await expect(menuButton).toBeVisible()
    await expect(menuButton).toHaveAttribute('aria-expanded', 'false')
    await expect(page.getByRole('button', { name: 'Settings' })).toHaveCount(0)
    // The sidebar is not on the page until the drawer opens.
    await expect(page.getByRole('navigation', { name: 'Navigation' })).toHaveCount(0)

    await menuButton.tap()
    const drawer = page.getByRole('dialog', { name: 'Menu' })
    await expect(drawer).toBeVisible()
    await expect(menuButton).toHaveAttribute('aria-expanded', 'true')
    await expect(drawer.getByRole('button', { name: 'ADD NEW' })).toBeVisible()
    const nav = drawer.getByRole('navigation', { name: 'Navigation' })
    // Shared with me (issue #39) sits beside Shared, my own links: the two places of sharing together.
    await expect(nav.getByRole('link')).toHaveText(['Home', 'Shared', 'Shared with me', 'Media', 'Settings', 'Trash'])
    await expect(nav.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page')

    // A destination navigates and closes the drawer.
    await nav.getByRole('link', { name: 'Media' }).tap()
    await expect(page).toHaveURL(/\/media$/)
    await expect(drawer).toHaveCount(0)
    await expect(page.getByRole('heading', { name: 'Photos and Videos' })).toBeVisible()

    await menuButton.tap()
    await drawer.getByRole('link', { name: 'Trash' }).tap()
    await expect(page).toHaveURL(/\/trash$/)
    await expect(drawer).toHaveCount(0)

    // The close button closes it and leaves the page where it was.
    await menuButton.tap()
    await expect(drawer.getByRole('link', { name: 'Trash' })).toHaveAttribute('aria-current', 'page')
    await drawer.getByRole('button', { name: 'Close menu' }).tap()
    await expect(drawer).toHaveCount(0)
    await expect(menuButton).toHaveAttribute('aria-expanded', 'false')
    await expect(page).toHaveURL(/\/trash$/)

    // Settings is in the drawer on mobile (the header has no cog).
    await menuButton.tap()
    await drawer.getByRole('link', { name: 'Settings' }).tap()
    await expect(page).toHaveURL(/\/settings$/)
  })

  test('given a file card, a 500 ms long press opens its context menu with the home actions, and Rename works', async ({
    page,
  }) => {
    await signedIn(page)
    await createFolder(page.request, 'Photos')
    await upload(page.request, 'draft.txt', 'text')
    await page.reload()
    const card = page.getByRole('listbox', { name: 'Home Files' }).getByRole('option', { name: /^draft\.txt/ })
    await expect(card).toBeVisible()

    // A press shorter than 500 ms is a tap (it selects), not a long press: no menu.
    await longPress(page, card, 250)
    await expect(card).toHaveAttribute('aria-selected', 'true')
    await page.waitForTimeout(400)
    await expect(page.getByRole('menu')).toHaveCount(0)

    await longPress(page, card)
    const menu = page.getByRole('menu', { name: 'Actions' })
    await expect(menu).toBeVisible()
    await expect(menu.getByRole('menuitem')).toHaveText([
      'Multi-select',
      'Rename',
      'Share',
      'Download',
      'Versions',
      'Make a copy',
      'Move',
      'Trash',
    ])
    // Lifting the finger did not also open the file.
    await expect(page.getByRole('dialog', { name: 'draft.txt' })).toHaveCount(0)

    await menu.getByRole('menuitem', { name: 'Rename' }).tap()
    const prompt = page.getByRole('dialog', { name: 'Enter A File Name' })
    await expect(prompt.getByRole('textbox')).toHaveValue('draft.txt')
    await prompt.getByRole('textbox').fill('final.txt')
    await prompt.getByRole('button', { name: 'Okay' }).tap()
    await expect(
      page.getByRole('region', { name: 'Notifications' }).getByText('Renamed', { exact: true }),
    ).toBeVisible()
    await expect(item(page, 'final.txt').first()).toBeVisible()
    await expect(item(page, 'draft.txt')).toHaveCount(0)

    // Folders get the same gesture (their Share makes folder links, issue #19).
    await longPress(page, item(page, 'Photos'))
    await expect(menu.getByRole('menuitem')).toHaveText([
      'Multi-select',
      'Rename',
      'Share',
      'Download',
      'Move',
      'Trash',
    ])
    await page.keyboard.press('Escape')
    await expect(menu).toHaveCount(0)
  })

  test('given a phone, selecting a file shows no details panel', async ({ page }) => {
    await signedIn(page)
    await upload(page.request, 'report.txt', 'numbers')
    await page.reload()
    const card = page.getByRole('listbox', { name: 'Home Files' }).getByRole('option', { name: /^report\.txt/ })
    await card.tap()
    await expect(card).toHaveAttribute('aria-selected', 'true')
    await expect(page.getByRole('complementary', { name: 'Details' })).toHaveCount(0)
    await expect(page.getByText('Select a file or folder to view it’s details.')).toHaveCount(0)
  })

  test('given a phone, one tap on a Quick Access item opens it at once (the details modal for a file with no preview)', async ({
    page,
  }) => {
    await signedIn(page)
    await upload(page.request, 'notes.zip', 'remember')
    await page.reload()
    const quick = page.getByRole('region', { name: 'Quick Access' }).getByRole('button', { name: /^notes\.zip/ })
    await expect(quick).toBeVisible()
    await quick.tap()
    const details = page.getByRole('dialog', { name: 'notes.zip' })
    await expect(details).toBeVisible()
    await expect(details.getByRole('button', { name: 'Download' })).toBeVisible()
    await details.getByRole('button', { name: 'Close' }).tap()
    await expect(details).toHaveCount(0)
  })

  test('given a phone, the first tap selects a card and shows the Open cue; the second tap opens it', async ({
    page,
  }) => {
    await signedIn(page)
    await upload(page.request, 'plan.txt', 'steps')
    await page.reload()
    const card = page.getByRole('listbox', { name: 'Home Files' }).getByRole('option', { name: /^plan\.txt/ })
    await expect(card.getByText('Open', { exact: true })).toHaveCount(0)
    await card.tap()
    await expect(card).toHaveAttribute('aria-selected', 'true')
    await expect(card.getByText('Open', { exact: true })).toBeVisible()
    await card.tap()
    await expect(page.getByRole('dialog', { name: 'plan.txt' })).toBeVisible()
  })

  test('given a phone, an Upload button is on screen: it offers ADD NEW’s choices and uploads; the empty drive points at it', async ({
    page,
  }) => {
    await signedIn(page)
    await expect(page.getByText('Tap Upload to add files')).toBeVisible()
    const button = page.getByRole('button', { name: 'Upload', exact: true })
    await expect(button).toBeVisible()
    await expect(button).toBeInViewport()
    await button.tap()
    const chooser = page.waitForEvent('filechooser')
    await page.getByRole('menuitem', { name: 'Upload Files' }).tap()
    await (await chooser).setFiles({ name: 'from-phone.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') })
    await expect(
      page.getByRole('listbox', { name: 'Home Files' }).getByRole('option', { name: /^from-phone\.txt/ }),
    ).toBeVisible()
  })

  test('given a phone, the drawer shows the storage meter', async ({ page }) => {
    await signedIn(page)
    await upload(page.request, 'weight.txt', 'x'.repeat(2048))
    await page.reload()
    await page.getByRole('button', { name: 'Menu', exact: true }).tap()
    const meter = page.getByRole('dialog', { name: 'Menu' }).getByRole('group', { name: 'Storage' })
    await expect(meter).toBeVisible()
    await expect(meter).toContainText(/2 KB( of .+)? used/)
  })
})
