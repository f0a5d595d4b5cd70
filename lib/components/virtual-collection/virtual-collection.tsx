import * as Ariakit from '@ariakit/react'
import { type MouseEvent, type ReactNode, useCallback, useId, useMemo, useRef } from 'react'
import { longPressMs as defaultLongPressMs } from '../../hooks/use-long-press.ts'
import { cx } from '../../internal/cx.ts'
import { useCommonLabels } from '../../locale/locale.tsx'
import type { CollectionItemProps, CollectionItemState, VirtualCollectionProps } from './collection-types.ts'
import { findItem } from './item-target.ts'
import { CollectionMenu, useCollectionMenu } from './use-collection-menu.tsx'
import { useCollectionKeys } from './use-collection-keys.ts'
import { useCollectionPaging } from './use-collection-paging.tsx'
import { minCellStyle, useCollectionScroll } from './use-collection-scroll.ts'
import { useItemDrag } from './use-item-drag.ts'
import { useItemFocusVisible } from './use-item-focus-visible.ts'
import { useItemPointer } from './use-item-pointer.ts'
import { Spinner } from '../spinner/spinner.tsx'
import { useRovingFocus } from './use-roving-focus.ts'
import * as css from './virtual-collection.css.ts'
import { type PartsContext, WindowBody } from './window-body.tsx'
import { defined } from '../../internal/defined.ts'

// The engine under FileGrid, FolderGrid, FileList, MediaGrid and PhotoGallery (which brings its own
// `body`, rows under month headers): a window over the items (so 10,000 of them cost a few dozen
// elements), one tab stop that arrow keys move (a roving tabindex that survives virtualisation),
// and one shared context menu. It reports what the user did
// and never decides it: selection, opening and paging belong to the app. The keys, mouse and touch,
// drag and drop, paging and scrolling each live in a hook beside it; this file wires and renders.

export {
  collectionViews,
  type CollectionBaseProps,
  type CollectionBody,
  type CollectionBodyParts,
  type CollectionCallbacks,
  type CollectionHeadingLevel,
  type CollectionItemProps,
  type CollectionItemState,
  type CollectionView,
  type VirtualCollectionProps,
} from './collection-types.ts'

const toSet = (ids: ReadonlySet<string> | readonly string[] | undefined): ReadonlySet<string> =>
  ids instanceof Set ? ids : new Set(ids as readonly string[] | undefined)

/**
 * The virtualised, keyboard-operable collection behind the browsing grids and lists, for items of
 * your own: give `getId` and `renderItem`, and spread the item props it hands you onto each item's
 * root (they carry its role, tab stop and index). Grid view fits columns of `minCellWidth`; list
 * view is a `grid` of rows under your `columns` header cells.
 */
export function VirtualCollection<T>({
  view,
  items,
  getId,
  renderItem,
  title,
  titleHidden = false,
  headingLevel = 2,
  actions,
  selectedIds,
  loading = false,
  loadingLabel,
  emptyText,
  itemMenu,
  menuLabel,
  scrollParent,
  useWindowScroll = false,
  initialItemCount,
  longPressMs = defaultLongPressMs,
  minCellWidth,
  listClassName,
  columns,
  headerRowClassName,
  body: customBody,
  onItemClick,
  onItemOpen,
  onItemDoubleOpen,
  onItemToggle,
  onItemContextMenu,
  onEndReached,
  getDragIds,
  onItemsDrop,
  className,
  style,
  ref,
  onKeyDown,
  onClick,
  onDoubleClick,
  onContextMenu,
  onFocus,
  onBlur,
  onPointerDown,
  onPointerDownCapture,
  onKeyDownCapture,
  onPointerMove,
  onPointerUp,
  onPointerCancel,
  onClickCapture,
  onDragStart,
  onDragEnd,
  onDragOver,
  onDragLeave,
  onDrop,
  ...props
}: VirtualCollectionProps<T>) {
  const common = useCommonLabels()
  const baseId = useId()
  const headingId = `${baseId}-title`
  const rootRef = useRef<HTMLDivElement | null>(null)
  const headingRef = useRef<HTMLHeadingElement>(null)
  const selected = useMemo(() => toSet(selectedIds), [selectedIds])
  const hit = (target: EventTarget | null) => findItem(rootRef, items, target)
  const total = items.length

  const { windowRef, scrollToIndex, scroll, scrollerRef, scrollKey } = useCollectionScroll({
    customBody,
    scrollParent,
    useWindowScroll,
    total,
    name: typeof title === 'string' ? title : '',
  })
  const roving = useRovingFocus({
    rootRef,
    headingRef,
    items,
    getId,
    view,
    nextIndex: customBody?.nextIndex,
    scrollToIndex,
  })
  const menu = useCollectionMenu({
    items,
    itemMenu,
    onRequest: (item, event) => {
      roving.activate(item)
      onItemContextMenu?.(item, event)
    },
  })
  const handleKeyDown = useCollectionKeys({ hit, menu, roving, onItemOpen, onItemToggle, onKeyDown })
  const pointerHandlers = useItemPointer({
    hit,
    menu,
    longPressMs,
    onItemClick,
    onItemDoubleOpen,
    own: {
      onClick,
      onDoubleClick,
      onContextMenu,
      onPointerDown,
      onPointerMove,
      onPointerUp,
      onPointerCancel,
      onClickCapture,
    },
  })
  const drag = useItemDrag({
    hit,
    getId,
    getDragIds,
    onItemsDrop,
    own: { onDragStart, onDragEnd, onDragOver, onDragLeave, onDrop },
  })
  const focusVisible = useItemFocusVisible()
  const { endReached, footer } = useCollectionPaging({ view, total, loading, loadingLabel, onEndReached })

  // Stable, so the caller's ref is not detached and re-attached on every render.
  const setRootRef = useCallback(
    (node: HTMLDivElement | null) => {
      rootRef.current = node
      if (typeof ref === 'function') ref(node)
      else if (ref) ref.current = node
    },
    [ref],
  )

  const renderAt: PartsContext['renderAt'] = (index, base) => {
    const item = items[index]
    if (item === undefined) return null
    const isSelected = selected.has(getId(item))
    const menuOpen = menu.isOpenFor(index)
    const itemProps: CollectionItemProps = {
      ...base,
      'data-index': index,
      'data-collection-item': '',
      role: view === 'grid' ? 'option' : 'row',
      tabIndex: index === roving.tabbable ? 0 : -1,
      ...(focusVisible.index === index ? { 'data-focus-visible': '' as const } : {}),
      'aria-selected': isSelected,
      ...(getDragIds ? { draggable: true } : {}),
      ...(drag.dropIndex === index ? { 'data-drop-target': true as const } : {}),
      ...(view === 'grid' ? { 'aria-posinset': index + 1, 'aria-setsize': total } : { 'aria-rowindex': index + 2 }),
    }
    const actionProps: CollectionItemState['actionProps'] = {
      tabIndex: -1,
      'data-collection-action': true,
      'aria-haspopup': itemMenu ? 'menu' : undefined,
      'aria-expanded': itemMenu ? menuOpen : undefined,
      onClick: (event: MouseEvent<HTMLElement>) => {
        event.stopPropagation()
        const button = event.currentTarget
        // detail 0: pressed with Enter or Space rather than clicked.
        menu.openFor(index, button.getBoundingClientRect(), button, event.detail === 0, event)
      },
    }
    return renderItem(item, itemProps, { index, selected: isSelected, menuOpen, actionProps })
  }

  const context: PartsContext = {
    renderAt,
    footer,
    listProps:
      view === 'grid'
        ? {
            role: 'listbox',
            'aria-labelledby': headingId,
            'aria-multiselectable': true,
            'aria-busy': loading || undefined,
            className: customBody ? listClassName : cx(css.gridList, listClassName),
            style: minCellStyle(minCellWidth),
          }
        : { role: 'rowgroup' },
  }

  const windowBody = (
    <WindowBody
      key={scrollKey}
      view={view}
      total={total}
      keyAt={(index) => getId(items[index] as T)}
      {...context}
      initialItemCount={initialItemCount ? Math.min(initialItemCount, total) : 0}
      {...defined({ scrollParent: scroll.customScrollParent, scrollerClassName: scroll.className, scrollerRef })}
      windowScroll={scroll.useWindowScroll}
      handleRef={windowRef}
      onEndReached={endReached}
      onRangeChange={roving.setRange}
    />
  )

  const Heading = `h${headingLevel}` as const
  const heading = (
    // Focusable by script only: where focus goes when the last item leaves the list.
    <Heading id={headingId} ref={headingRef} tabIndex={-1} className={css.title}>
      {title}
    </Heading>
  )

  let body: ReactNode
  if (total === 0) {
    body = loading ? (
      <div className={css.status}>
        <Spinner label={loadingLabel} />
      </div>
    ) : typeof emptyText === 'string' ? (
      <p className={css.empty}>{emptyText}</p>
    ) : (
      // An element (e.g. an EmptyState) brings its own markup.
      (emptyText ?? null)
    )
  } else if (customBody) {
    body = customBody.render({
      renderAt,
      listProps: context.listProps,
      footer,
      endReached,
      rangeChanged: roving.setRange,
      scroll: { ...scroll },
    })
  } else if (view === 'grid') {
    body = windowBody
  } else {
    body = (
      <div
        role="grid"
        aria-labelledby={headingId}
        aria-multiselectable
        aria-rowcount={total + (loading ? 2 : 1)}
        aria-busy={loading || undefined}
        className={css.table}
      >
        <div role="rowgroup">
          <div role="row" aria-rowindex={1} className={headerRowClassName}>
            {columns}
          </div>
        </div>
        {windowBody}
      </div>
    )
  }

  return (
    <div
      data-part="collection"
      {...props}
      ref={setRootRef}
      className={cx(css.root, className)}
      style={style}
      onKeyDown={handleKeyDown}
      {...pointerHandlers}
      onPointerDownCapture={(event) => {
        onPointerDownCapture?.(event)
        focusVisible.handlers.onPointerDownCapture()
      }}
      onKeyDownCapture={(event) => {
        onKeyDownCapture?.(event)
        focusVisible.handlers.onKeyDownCapture()
      }}
      onFocus={(event) => {
        onFocus?.(event)
        const found = hit(event.target)
        roving.onFocusItem(found)
        focusVisible.focus(found && found.element === event.target ? found.index : null)
      }}
      onBlur={(event) => {
        onBlur?.(event)
        roving.onBlur(event.relatedTarget)
        const next = event.relatedTarget
        focusVisible.blur(!(next instanceof Node && event.currentTarget.contains(next)))
      }}
      {...drag.handlers}
    >
      {titleHidden && !actions ? (
        <Ariakit.VisuallyHidden render={heading} />
      ) : (
        <div data-part="collection-header" className={css.header}>
          {titleHidden ? <Ariakit.VisuallyHidden render={heading} /> : heading}
          {actions ? <div className={css.actions}>{actions}</div> : null}
        </div>
      )}
      <div className={css.body}>{body}</div>
      {itemMenu ? <CollectionMenu menu={menu} label={menuLabel ?? common.actions} /> : null}
    </div>
  )
}
