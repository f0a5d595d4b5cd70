// The file-browser screens of SPEC §2 on the seeded drive: home (Quick Access, folders, files) as
// a grid and as a list, the details panel, a folder with its parent bar, the trash with its
// banner, the media gallery with thumbnails, a search route, and the mobile drawer.
import { expect, homeFile, item, row, signIn, snap, test } from './support/visual.ts'

test.describe('home', () => {
  test(
    'Quick Access, folders and files as a grid',
    { tag: ['@dark', '@mobile', '@mobile-dark'] },
    async ({ page, seed }) => {
      await signIn(page, '/home', seed.email)
      await expect(page.getByRole('heading', { name: 'Quick Access' })).toBeVisible()
      await expect(item(page, 'Documents')).toBeVisible()
      await expect(item(page, 'beach.jpg').first()).toBeVisible()
      await snap(page, 'home-grid')
    },
  )

  test('list view', { tag: ['@dark', '@mobile'] }, async ({ page, seed }) => {
    await signIn(page, '/home', seed.email)
    await page.getByRole('button', { name: 'List view' }).click()
    await expect(page.getByRole('columnheader', { name: 'Name' }).first()).toBeVisible()
    await expect(page.getByRole('row').filter({ hasText: 'beach.jpg' })).toBeVisible()
    await snap(page, 'home-list')
  })

  test('a selected file in the details panel', { tag: ['@dark'] }, async ({ page, seed }) => {
    // The panel is desktop only (SPEC §2).
    await signIn(page, '/home', seed.email)
    await (await homeFile(page, 'annual-report.pdf')).click()
    await expect(
      page.getByRole('complementary', { name: 'Details' }).getByText('Public', { exact: true }),
    ).toBeVisible()
    await snap(page, 'home-details-panel')
  })

  test('the navigation drawer', { tag: ['@mobile-only', '@mobile-dark'] }, async ({ page, seed }) => {
    await signIn(page, '/home', seed.email)
    await page.getByRole('button', { name: 'Menu' }).click()
    await expect(page.getByRole('link', { name: 'Trash' })).toBeVisible()
    await snap(page, 'home-drawer')
  })
})

test('a folder with its parent bar', { tag: ['@dark', '@mobile'] }, async ({ page, seed }) => {
  await signIn(page, `/folder/${seed.folders.Documents}`, seed.email)
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' }).getByText('Documents')).toBeVisible()
  await expect(item(page, 'Invoices')).toBeVisible()
  await expect(item(page, 'letter.docx')).toBeVisible()
  await snap(page, 'folder')
})

test('trash with its banner', { tag: ['@dark', '@mobile'] }, async ({ page, seed }) => {
  await signIn(page, '/trash', seed.email)
  await expect(
    page.getByText('Items in the trash may be automatically deleted depending on the servers settings.'),
  ).toBeVisible()
  // Beside it, the server's real retention (the default 30 days).
  await expect(
    page.getByText('On this server, items are deleted forever 30 days after they are moved to the trash.'),
  ).toBeVisible()
  await expect(page.getByRole('button', { name: 'Empty trash' })).toBeVisible()
  await expect(item(page, 'Old drafts')).toBeVisible()
  await expect(item(page, 'old-budget.xlsx')).toBeVisible()
  await snap(page, 'trash')
})

test('media gallery with thumbnails', { tag: ['@dark', '@mobile', '@mobile-dark'] }, async ({ page, seed }) => {
  await signIn(page, '/media', seed.email)
  await expect(page.getByRole('heading', { name: 'Photos and Videos' })).toBeVisible()
  for (const name of ['beach.jpg', 'city-night.webp', 'mountains.png', 'harbour.jpg'])
    await expect(item(page, name)).toBeVisible()
  await snap(page, 'media')
})

test('search results', { tag: ['@dark', '@mobile'] }, async ({ page, seed }) => {
  await signIn(page, '/search/report', seed.email)
  // Search results are rows (path and snippet under the name), under the filter chips.
  await expect(row(page, 'annual-report.pdf')).toBeVisible()
  await expect(row(page, 'weekly-report.txt')).toBeVisible()
  await snap(page, 'search')
})
