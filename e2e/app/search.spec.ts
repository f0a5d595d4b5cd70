// Search as people remember things (DESIGN §8 "Search inside files"), on the real server: a word
// inside a PDF finds it with a snippet and opens it; a typo in a name finds the file with its
// folder path, and the path's crumb opens the folder; a member's search inside a folder shared
// with them stays inside it; Custom range… asks for the days chosen.
import { expect, test } from '@playwright/test'
import { makePdf } from '../../tests/server/helpers/pdf.ts'
import { createFolder, freshEmail, upload, uuid } from '../support/api.ts'
import { expectNoSeriousA11yViolations } from '../support/axe.ts'
import { item, row, signedIn } from '../support/browser.ts'

test('given a PDF with "sunflower" in its text, when searched, then the result shows the snippet and opens the PDF', async ({
  page,
}) => {
  await signedIn(page)
  const pdf = await makePdf({ pages: 1, words: { 1: 'We planted the sunflower seeds along the fence.' } })
  await upload(page.request, 'garden.pdf', pdf)
  const field = page.getByRole('combobox', { name: 'Search' })
  // The content index fills in the background: search until the document is found.
  await expect(async () => {
    await page.goto('/search/sunflower')
    await expect(row(page, 'garden.pdf')).toBeVisible({ timeout: 2_000 })
  }).toPass({ timeout: 30_000 })
  await expect(field).toHaveValue('sunflower')
  const result = row(page, 'garden.pdf')
  await expect(result.locator('mark').first()).toHaveText(/sunflower/i)
  await expect(result.getByRole('list', { name: 'Location' })).toHaveText('Home')
  await result.dblclick()
  await expect(page.getByRole('dialog', { name: 'garden.pdf' }).getByText('of 1')).toBeVisible({ timeout: 15_000 })
})

test('given holiday.jpg in a folder, when "holday" is searched, then it is found with its path and the crumb opens the folder', async ({
  page,
}) => {
  await signedIn(page)
  const trips = await createFolder(page.request, 'Trips')
  await upload(page.request, 'holiday.jpg', 'not really a jpeg', trips._id)
  await page.goto('/search/holday')
  const result = row(page, 'holiday.jpg')
  await expect(result).toBeVisible({ timeout: 15_000 })
  const path = result.getByRole('list', { name: 'Location' })
  await expect(path).toHaveText('Home›Trips')
  await path.getByRole('button', { name: 'Open folder Trips' }).click()
  await expect(page).toHaveURL(`/folder/${trips._id}`)
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' }).getByText('Trips')).toBeVisible()
})

test('given Anna shares Photos with Ben, when Ben searches inside it, then he finds what is below it and nothing else of hers', async ({
  browser,
  page,
}) => {
  // Anna, in a browser of her own: Family/Photos/2024 with the beach photo, a secret one beside
  // Photos (not shared) and one in Photos's trash, all named like the search.
  const anna = await (await browser.newContext()).newPage()
  await signedIn(anna, freshEmail('anna-search'))
  const family = await createFolder(anna.request, 'Family')
  const photos = await createFolder(anna.request, 'Photos', family._id)
  const y2024 = await createFolder(anna.request, '2024', photos._id)
  await upload(anna.request, 'beach holiday.jpg', 'not really a jpeg', y2024._id)
  await upload(anna.request, 'secret holiday.jpg', 'not really a jpeg', family._id)
  const binned = await upload(anna.request, 'binned holiday.jpg', 'not really a jpeg', photos._id)
  const trashed = await anna.request.patch('/file-service/trash', { data: { id: binned._id }, headers: { uuid } })
  expect(trashed.status()).toBe(200)

  // Ben signs in here; Anna shares Photos with him as a viewer.
  await signedIn(page, freshEmail('ben-search'))
  const ben = (await (await page.request.get('/user-service/user')).json()) as { _id: string }
  const shared = await anna.request.post('/share-service/members', {
    data: { itemType: 'folder', itemId: photos._id, userId: ben._id, role: 'viewer' },
    headers: { uuid },
  })
  expect(shared.status(), await shared.text()).toBe(201)

  // Ben opens it from Shared with me; the search box says where it searches.
  await page.goto('/shared-with-me')
  await item(page, 'Photos').dblclick()
  await expect(page).toHaveURL(`/folder/${photos._id}`)
  const field = page.getByRole('combobox', { name: 'Search in Photos' })
  await field.fill('holiday')
  await field.press('Enter')
  await expect(page).toHaveURL(`/search/holiday?in=${photos._id}`)

  // The photo two folders down, its path from the share; nothing outside it, nothing trashed.
  const result = row(page, 'beach holiday.jpg')
  await expect(result).toBeVisible({ timeout: 15_000 })
  const path = result.getByRole('list', { name: 'Location' })
  await expect(path).toHaveText('Shared with me›Photos›2024')
  await expect(row(page, 'secret holiday.jpg')).toHaveCount(0)
  await expect(row(page, 'binned holiday.jpg')).toHaveCount(0)
  await expect(page.getByRole('main').getByText('Family')).toHaveCount(0)
  await path.getByRole('button', { name: 'Open folder 2024' }).click()
  await expect(page).toHaveURL(`/folder/${y2024._id}`)
})

test('given Custom range…, when days are chosen, then the list asks for them and shows what was uploaded then', async ({
  page,
}) => {
  await signedIn(page)
  await upload(page.request, 'receipt today.txt', 'paid')
  await page.goto('/search/receipt')
  await expect(row(page, 'receipt today.txt')).toBeVisible({ timeout: 15_000 })
  const date = page.getByRole('toolbar', { name: 'Date' })
  await date.getByRole('button', { name: 'Custom range…' }).click()
  const popover = page.getByRole('dialog', { name: 'Custom range' })
  await expect(popover.getByLabel('From')).toBeFocused()
  await expectNoSeriousA11yViolations(page, '[role="dialog"]', 'the custom range popover')
  // The first day after the last: said, nothing asked.
  await popover.getByLabel('From').fill('2020-02-10')
  await popover.getByLabel('To').fill('2020-02-01')
  await popover.getByRole('button', { name: 'Apply' }).click()
  await expect(popover.getByRole('alert')).toHaveText('The first day must be on or before the last day.')
  // A month long ago: the server filters today's file out.
  await popover.getByLabel('To').fill('2020-03-01')
  const asked = page.waitForRequest((r) => r.url().includes('/file-service/list') && r.url().includes('to=2020-03-01'))
  await popover.getByRole('button', { name: 'Apply' }).click()
  expect(new URL((await asked).url()).searchParams.get('from')).toBe('2020-02-10')
  await expect(popover).toBeHidden()
  await expect(page.getByRole('heading', { name: 'No results for "receipt"' })).toBeVisible()
  await expect(date.getByRole('button', { name: /^02\/10\/2020 – 03\/01\/2020$/ })).toHaveAttribute(
    'aria-pressed',
    'true',
  )
  // From yesterday on (UTC days, as the server's), with no last day: the file again.
  const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10)
  await date.getByRole('button', { name: /^02\/10\/2020/ }).click()
  await popover.getByLabel('From').fill(yesterday)
  await popover.getByLabel('To').fill('')
  await popover.getByRole('button', { name: 'Apply' }).click()
  await expect(row(page, 'receipt today.txt')).toBeVisible()
})
