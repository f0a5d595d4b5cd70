// Living together (issue #39 "Done when") against the real server, in three browsers: Anna shares
// "Holidays" from its Share dialog with Ben as editor and with Everyone as viewer; Ben, on his
// phone, finds it in Shared with me and uploads a photo; Carla (a viewer through Everyone) sees
// that photo in her Media timeline as Anna's, added by Ben, and is offered no way to trash it (the
// server refuses too); Anna removes Ben, and his next edit is refused (he is still a viewer through
// Everyone: the strongest role wins, DESIGN.md §8); once Everyone goes too, his next request for
// Holidays is a 404 and his screen leaves the folder. Display names are other people's data: one
// that looks like HTML shows as text in Anna's picker, and nothing in it runs.
import { type Browser, type BrowserContextOptions, expect, type Locator, type Page, test } from '@playwright/test'
import type { FileJson } from '../../server/schemas/files.ts'
import { makePhoto } from '../../tests/server/helpers/media.ts'
import { createFolder, freshEmail, signUp } from '../support/api.ts'
import { expectNoSeriousA11yViolations } from '../support/axe.ts'
import { browserId, item, itemAction, signedIn } from '../support/browser.ts'
import { toasts } from '../support/ui.ts'

const PHONE: BrowserContextOptions = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true }

/** A display name that would run script if any screen put it in as HTML. */
const HOSTILE_NAME = '<img src=x onerror=alert(1)>'

interface Person {
  page: Page
  email: string
  /** Every browser dialog (alert, confirm) the page opened: none, ever. */
  dialogs: string[]
}

/** An account named `displayName`, made through the API and signed in through the login form in a browser of its own. */
async function person(browser: Browser, displayName: string, options: BrowserContextOptions = {}): Promise<Person> {
  const page = await (await browser.newContext(options)).newPage()
  const dialogs: string[] = []
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message())
    void dialog.dismiss()
  })
  const email = await signedIn(page, freshEmail(displayName.toLowerCase()), { displayName })
  return { page, email, dialogs }
}

/** The API as the page itself calls it: its cookies and its own browser id. */
async function asPage(page: Page) {
  return { uuid: await browserId(page) }
}

/** Anna's Share dialog of a folder, from its context menu, and its "Share with people" section. */
async function openShareDialog(page: Page, name: string) {
  await itemAction(page, name, 'Share')
  const dialog = page.getByRole('dialog', { name: 'Share' })
  await expect(dialog).toBeVisible()
  return { dialog, people: dialog.getByRole('region', { name: 'Share with people' }) }
}

/** Types `query` into the people picker and waits for its suggestions. */
async function search(page: Page, people: Locator, query: string): Promise<Locator> {
  await people.getByRole('combobox', { name: 'Add people or groups' }).fill(query)
  const suggestions = page.getByRole('listbox', { name: 'Add people or groups' })
  await expect(suggestions).toBeVisible()
  return suggestions
}

/** Chooses `role` in the section's Role select: the role of the next person added. */
async function chooseRole(page: Page, people: Locator, role: 'Can view' | 'Can edit'): Promise<void> {
  await people.getByRole('combobox', { name: 'Role', exact: true }).click()
  await page.getByRole('option', { name: role, exact: true }).click()
  await expect(people.getByRole('combobox', { name: 'Role', exact: true })).toHaveText(role)
}

test('Anna shares Holidays with Ben (editor) and Everyone (viewer); Ben uploads from his phone, Carla sees it and cannot trash it; removing Ben ends his edits', async ({
  browser,
}) => {
  // Three browsers, a thumbnail to wait for and two revocations: a long journey.
  test.setTimeout(180_000)
  const anna = await person(browser, 'Anna')
  const ben = await person(browser, 'Ben', PHONE)
  const carla = await person(browser, 'Carla')
  // Carla's second account, named like markup (never signed in: only its name is shown to others).
  const hostile = await signUp((await browser.newContext()).request, freshEmail('carla-markup'), undefined, {
    displayName: HOSTILE_NAME,
  })

  // Anna: a folder, its Share dialog from the context menu.
  const holidays = await createFolder(anna.page.request, 'Holidays')
  await anna.page.reload()
  const { dialog, people } = await openShareDialog(anna.page, 'Holidays')
  await expect(people.getByRole('list', { name: 'Who has access' }).getByRole('listitem')).toHaveText([/You.*Owner$/])

  // A name that looks like markup is shown as the characters typed; nothing of it runs.
  const marked = await search(anna.page, people, 'onerror')
  const suggestion = marked.getByRole('option').filter({ hasText: hostile })
  await expect(suggestion).toContainText(HOSTILE_NAME)
  await expect(dialog.locator('img[src="x"]')).toHaveCount(0)
  // Escape closes the suggestions, not the dialog.
  await people.getByRole('combobox', { name: 'Add people or groups' }).press('Escape')
  await expect(marked).toBeHidden()
  await expect(dialog).toBeVisible()
  await people.getByRole('combobox', { name: 'Add people or groups' }).fill('')

  // Ben as editor: the role first, then the person.
  await chooseRole(anna.page, people, 'Can edit')
  await (await search(anna.page, people, 'Ben')).getByRole('option').filter({ hasText: ben.email }).click()
  await expect(toasts(anna.page).getByText('Shared', { exact: true })).toBeVisible()
  const access = people.getByRole('list', { name: 'Who has access' })
  const benRow = access.getByRole('listitem').filter({ hasText: ben.email })
  await expect(benRow.getByRole('combobox', { name: 'Role of Ben' })).toHaveText('Can edit')

  // Everyone as viewer.
  await chooseRole(anna.page, people, 'Can view')
  await (await search(anna.page, people, 'Everyone')).getByRole('option', { name: /^Everyone/ }).click()
  const everyoneRow = access.getByRole('listitem').filter({ hasText: 'Everyone' })
  await expect(everyoneRow.getByRole('combobox', { name: 'Role of Everyone' })).toHaveText('Can view')
  await expect(access.getByRole('listitem')).toHaveCount(3)
  await expectNoSeriousA11yViolations(anna.page, '[role="dialog"]', 'the share dialog with people')
  await dialog.getByRole('button', { name: 'Close' }).click()
  await expect(dialog).toHaveCount(0)

  // Ben, on his phone: the drawer's Shared with me, Holidays in it as Anna's, his role said.
  await ben.page.getByRole('button', { name: 'Menu', exact: true }).tap()
  const drawer = ben.page.getByRole('dialog', { name: 'Menu' })
  await drawer.getByRole('link', { name: 'Shared with me' }).tap()
  await expect(ben.page).toHaveURL(/\/shared-with-me$/)
  await expect(ben.page.getByRole('heading', { name: 'Shared with me', level: 1 })).toBeVisible()
  const card = item(ben.page, 'Holidays')
  await expect(card).toContainText('Anna · Can edit')
  await expectNoSeriousA11yViolations(ben.page, undefined, 'Shared with me')
  // On a phone the first tap selects, the second opens.
  await card.tap()
  await card.tap()
  await expect(ben.page).toHaveURL(`/folder/${holidays._id}`)

  // ADD NEW (in the drawer on a phone) → Upload Files, into Anna's folder.
  const photo = await makePhoto({ taken: '2026:07:14 10:30:00' })
  await ben.page.getByRole('button', { name: 'Menu', exact: true }).tap()
  const chooser = ben.page.waitForEvent('filechooser')
  await drawer.getByRole('button', { name: 'ADD NEW' }).tap()
  await ben.page.getByRole('menuitem', { name: 'Upload Files' }).tap()
  await (await chooser).setFiles({ name: 'beach.jpg', mimeType: 'image/jpeg', buffer: photo })
  await expect(item(ben.page, 'beach.jpg')).toBeVisible({ timeout: 20_000 })

  // Carla: the photo joins her timeline once its thumbnail is made (off the request path).
  let beach: FileJson | undefined
  await expect
    .poll(
      async () => {
        const reply = await carla.page.request.get('/file-service/list?mediaMode=true&include=shared&limit=100')
        beach = ((await reply.json()) as FileJson[]).find((file) => file.filename === 'beach.jpg')
        return beach?.owner?.displayName
      },
      { timeout: 30_000 },
    )
    .toBe('Anna')
  expect(beach!.addedBy?.displayName).toBe('Ben')
  await carla.page.getByRole('navigation', { name: 'Navigation' }).getByRole('link', { name: 'Media' }).click()
  await expect(carla.page).toHaveURL(/\/media$/)
  await expect(carla.page.getByRole('button', { name: 'Include shared' })).toHaveAttribute('aria-pressed', 'true')
  const tile = item(carla.page, 'beach.jpg')
  await expect(tile).toBeVisible({ timeout: 15_000 })
  await expect(tile.getByRole('img', { name: 'Shared by Anna' })).toHaveText("Anna's")

  // Her menu on it offers no Trash (a viewer's), nor does the viewer's; Versions only to read.
  await tile.click({ button: 'right' })
  const menu = carla.page.getByRole('menu', { name: 'Actions' })
  await expect(menu.getByRole('menuitem')).toHaveText(['Multi-select', 'Download', 'Versions'])
  await carla.page.keyboard.press('Escape')
  await expect(menu).toHaveCount(0)
  await tile.click()
  await tile.click()
  const viewer = carla.page.getByRole('dialog', { name: 'beach.jpg' })
  await expect(viewer.getByText('Added by Ben')).toBeVisible()
  await viewer.getByRole('button', { name: 'File actions' }).click()
  const viewerMenu = carla.page.getByRole('menu', { name: 'File actions' })
  // A viewer may read a file's versions (list and download), never change them.
  await expect(viewerMenu.getByRole('menuitem')).toHaveText(['Multi-select', 'Download', 'Versions'])
  await carla.page.keyboard.press('Escape')
  // And the server says no, whatever a client sends.
  const trash = await carla.page.request.patch('/file-service/trash', {
    data: { id: beach!._id },
    headers: await asPage(carla.page),
  })
  expect(trash.status()).toBe(403)
  expect(((await trash.json()) as { code?: string }).code).toBe('VIEWER_ROLE')

  // Anna removes Ben. He is still one of Everyone (a viewer): his next upload there is refused.
  const again = (await openShareDialog(anna.page, 'Holidays')).people
  await again.getByRole('button', { name: 'Remove Ben' }).click()
  await expect(toasts(anna.page).getByText('Access Removed')).toBeVisible()
  await expect(access.getByRole('listitem')).toHaveCount(2)
  const refused = await ben.page.request.post('/file-service/upload', {
    headers: await asPage(ben.page),
    multipart: {
      filename: 'late.jpg',
      parent: holidays._id,
      currentID: holidays._id,
      size: String(photo.length),
      file: { name: 'late.jpg', mimeType: 'image/jpeg', buffer: photo },
    },
  })
  expect(refused.status()).toBe(403)
  expect(((await refused.json()) as { code?: string }).code).toBe('VIEWER_ROLE')
  // His screen follows on reload: still there to view, nothing to add.
  await ben.page.reload()
  await expect(item(ben.page, 'beach.jpg')).toBeVisible()
  await ben.page.getByRole('button', { name: 'Menu', exact: true }).tap()
  await expect(drawer).toBeVisible()
  await expect(drawer.getByRole('button', { name: 'ADD NEW' })).toHaveCount(0)
  await drawer.getByRole('button', { name: 'Close menu' }).tap()

  // Everyone goes too: Ben's next request for Holidays is a 404, and his screen leaves it.
  await again.getByRole('button', { name: 'Remove Everyone' }).click()
  await expect(access.getByRole('listitem')).toHaveCount(1)
  expect((await ben.page.request.get(`/folder-service/info/${holidays._id}`)).status()).toBe(404)
  expect((await ben.page.request.get(`/file-service/list?parent=${holidays._id}`)).status()).toBe(404)
  await ben.page.reload()
  await expect(ben.page.getByText("This folder doesn't exist or was deleted", { exact: true })).toBeVisible()
  await expect(item(ben.page, 'beach.jpg')).toHaveCount(0)

  for (const who of [anna, ben, carla]) expect(who.dialogs).toEqual([])
})
