import { describe, expect, it } from 'vitest'
import { visibleActions } from '../../../../app/features/items/item-menu.ts'

// SPEC §2 "Context menu" visibility rules, one row per place and kind.
describe('context menu visibility (SPEC §2)', () => {
  it.each([
    // Make a copy (ours): files only, never in trash.
    // Versions (ours): files only, never in trash, for every role.
    ['file', 'home', false, ['multiSelect', 'rename', 'share', 'download', 'versions', 'copy', 'move', 'trash']],
    // Share on folders: issue #19 (folder links and file requests); SPEC §2 hid it.
    ['folder', 'home', false, ['multiSelect', 'rename', 'share', 'download', 'move', 'trash']],
    ['folder', 'home', true, ['rename', 'share', 'download', 'move', 'trash']],
    ['file', 'media', false, ['multiSelect', 'share', 'download', 'versions', 'copy', 'trash']],
    ['file', 'trash', false, ['multiSelect', 'restore', 'delete']],
    ['folder', 'trash', false, ['multiSelect', 'restore', 'delete']],
    ['folder', 'trash', true, ['restore', 'delete']],
  ] as const)('%s in %s (parent bar: %s)', (kind, area, parentBar, expected) => {
    expect(visibleActions(kind, { area, parentBar })).toEqual(expected)
  })

  it('Rename and Move never show in trash or media; Share never in trash', () => {
    for (const area of ['trash', 'media'] as const) {
      for (const kind of ['file', 'folder'] as const) {
        const actions = visibleActions(kind, { area })
        expect(actions).not.toContain('rename')
        expect(actions).not.toContain('move')
      }
    }
    for (const kind of ['file', 'folder'] as const)
      expect(visibleActions(kind, { area: 'trash' })).not.toContain('share')
  })

  // Issue #39: what the caller's role on someone else's item allows.
  it.each([
    ['viewer', false, ['multiSelect', 'download', 'versions']],
    ['editor', false, ['multiSelect', 'rename', 'download', 'versions', 'move', 'trash']],
    // The shared item itself: a member never renames, moves or trashes it.
    ['editor', true, ['multiSelect', 'download', 'versions']],
    ['owner', true, ['multiSelect', 'rename', 'share', 'download', 'versions', 'copy', 'move', 'trash']],
  ] as const)('a %s (the shared item itself: %s)', (role, shareTop, expected) => {
    expect(visibleActions('file', { area: 'home', role, shareTop })).toEqual(expected)
  })
})
