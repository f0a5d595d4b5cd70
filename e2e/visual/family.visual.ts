// Sharing between the accounts of one server (DESIGN.md §8), as Ben Carter of the seeded family
// (support/family.ts) sees it: Shared with me, a shared folder as a viewer and as an editor, the
// share dialog's people section with its picker open, the family timeline in Media, and the
// viewer naming who added a photo. The admin's Groups are in admin.visual.ts (its lists count
// every account of the server).
import { FAMILY, familySeed } from './support/family.ts'
import { expect, item, menuAction, signIn, snap, test } from './support/visual.ts'

// Each signs in, waits for thumbnails and shoots on a machine shared with the other projects' workers:
// the share dialog's test once took 32 s of the default 30.
test.describe.configure({ timeout: 60_000 })

const family = familySeed()
const ben = FAMILY.ben.email

test('Shared with me', { tag: ['@dark', '@mobile', '@mobile-dark'] }, async ({ page }) => {
  await signIn(page, '/shared-with-me', ben)
  await expect(page.getByRole('heading', { name: 'Shared with me' })).toBeVisible()
  await expect(item(page, 'School projects')).toBeVisible()
  await expect(item(page, 'Family photos')).toBeVisible()
  await expect(item(page, 'old-farmhouse.jpg')).toBeVisible()
  await snap(page, 'shared-with-me')
})

test('a shared folder as a viewer', { tag: ['@mobile'] }, async ({ page }) => {
  await signIn(page, `/folder/${family.folders['School projects']}`, ben)
  const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' })
  await expect(crumbs.getByText('Shared with me')).toBeVisible()
  await expect(crumbs.getByText('School projects')).toBeVisible()
  await expect(item(page, 'essay.docx')).toBeVisible()
  await expect(item(page, 'science-fair.pptx')).toBeVisible()
  // A viewer adds nothing: neither the sidebar's ADD NEW nor the phone's Upload button.
  await expect(page.getByRole('button', { name: /^(ADD NEW|Upload)$/ })).toHaveCount(0)
  await snap(page, 'shared-folder-viewer')
})

test('a shared folder as an editor', { tag: ['@dark', '@mobile'] }, async ({ page }) => {
  await signIn(page, `/folder/${family.folders['Family photos']}`, ben)
  const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' })
  await expect(crumbs.getByText('Shared with me')).toBeVisible()
  await expect(crumbs.getByText('Family photos')).toBeVisible()
  for (const name of ['lake-house.jpg', 'birthday-cake.jpg', 'garden-swing.jpg'])
    await expect(item(page, name)).toBeVisible()
  await snap(page, 'shared-folder-editor')
})

test('the share dialog’s people, the picker open', { tag: ['@dark', '@mobile'] }, async ({ page }) => {
  await signIn(page, '/home', ben)
  await menuAction(page, item(page, 'Recipes'), 'Share')
  const dialog = page.getByRole('dialog', { name: /Share/ })
  const people = dialog.getByRole('region', { name: 'Share with people' })
  const access = people.getByRole('list')
  for (const name of ['You', FAMILY.cleo.name, FAMILY.dan.name, 'Grandparents'])
    await expect(access.getByText(name, { exact: true })).toBeVisible()
  // Who already has access is left out: of the Carters, Rose only.
  await people.getByRole('combobox', { name: 'Add people or groups' }).fill('Carter')
  await expect(page.getByRole('option', { name: new RegExp(FAMILY.rose.name) })).toBeVisible()
  await snap(page, 'share-people')
})

test('Media with what is shared, by person', { tag: ['@dark', '@mobile', '@mobile-dark'] }, async ({ page }) => {
  await signIn(page, '/media', ben)
  await expect(page.getByRole('button', { name: 'Include shared', pressed: true })).toBeVisible()
  const chips = page.getByRole('group', { name: 'Whose photos' })
  for (const name of ['Everyone', 'Me', FAMILY.dan.name, FAMILY.rose.name])
    await expect(chips.getByRole('button', { name, exact: true })).toBeVisible()
  for (const name of ['bike-ride.jpg', 'lake-house.jpg', 'birthday-cake.jpg', 'garden-swing.jpg', 'old-farmhouse.jpg'])
    await expect(item(page, name)).toBeVisible()
  await snap(page, 'media-shared')
})

test('the viewer names who added a photo', { tag: ['@mobile'] }, async ({ page }) => {
  await signIn(page, `/folder/${family.folders['Family photos']}`, ben)
  const photo = item(page, 'garden-swing.jpg')
  await photo.click()
  await photo.click()
  const viewer = page.getByRole('dialog', { name: 'garden-swing.jpg' })
  await expect(viewer.locator('img')).toHaveAttribute('src', /\/file-service\/full-thumbnail\//)
  await expect(viewer.getByText(FAMILY.cleo.name)).toBeVisible()
  await snap(page, 'viewer-added-by')
})
